// A text field that offers people as '@' is typed (issue 15, @mentions): the caption's textarea and
// the comment's one-line input. It is an ARIA combobox (the 1.2 pattern: the field keeps focus,
// aria-activedescendant names the highlighted option). Picking writes '@Display Name ' and remembers
// that person; the field reports its text with the ids of the picked people whose '@Name' is still
// in it (the api keeps a mention only where '@' + the name appears). The list floats over the page
// (a portal placed from the field, above it when there is no room below): inside a feed card it was
// clipped by the next card.
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { findMentionTrigger, mentionedIds, type MentionPick } from './mentions';
import { useMentionSuggestions, type MentionOption } from './use-mention-suggestions';
import { useAuth } from '../../shared/session/auth-context';
import { Avatar } from '../../shared/components/avatar';

export type MentionValue = { text: string; mentions: string[] };

type MentionFieldProps = {
  value: string;
  onChange: (value: MentionValue) => void;
  /** A textarea (a caption) rather than a one-line input (a comment). */
  multiline?: boolean;
  id?: string;
  placeholder?: string;
  rows?: number;
  disabled?: boolean;
  /** The field's own classes. */
  className?: string;
  /** Classes of the box around the field and its suggestions (it is `relative`). */
  containerClassName?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export function MentionField({
  value,
  onChange,
  multiline = false,
  id,
  placeholder,
  rows,
  disabled,
  className = '',
  containerClassName = '',
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: MentionFieldProps) {
  const { currentUser } = useAuth();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState(value.length);
  const [focused, setFocused] = useState(false);
  const [picks, setPicks] = useState<MentionPick[]>([]);
  // Escape, or a pick, closes the list for that '@' until another one is typed.
  const [dismissedStart, setDismissedStart] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<{ key: string; index: number }>({ key: '', index: 0 });

  const trigger = disabled ? null : findMentionTrigger(value, caret);
  // Asked only while the field has focus and the list was not closed for this '@'.
  const searching = focused && trigger !== null && trigger.start !== dismissedStart ? trigger : null;
  const options = useMentionSuggestions(searching, currentUser?.uid ?? null);
  const open = searching !== null && options.length > 0;
  const optionsKey = trigger ? `${trigger.start}:${options.map((option) => option.id).join(',')}` : '';
  const activeIndex = highlight.key === optionsKey ? Math.min(highlight.index, options.length - 1) : 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const { floatingStyles, placeUnder, placeList, portalTarget } = useSuggestionsPopover(open);

  // After a pick the caret goes after the name written (the value arrives through the parent).
  useLayoutEffect(() => {
    const position = pendingCaret.current;
    const field = multiline ? textareaRef.current : inputRef.current;
    if (position === null || !field) return;
    pendingCaret.current = null;
    field.setSelectionRange(position, position);
  }, [value, multiline]);

  function handleChange(event: ChangeEvent<FieldElement>) {
    const text = event.target.value;
    const nextCaret = event.target.selectionStart ?? text.length;
    setCaret(nextCaret);
    const next = findMentionTrigger(text, nextCaret);
    if (!next || next.start !== dismissedStart) setDismissedStart(null);
    onChange({ text, mentions: mentionedIds(text, picks) });
  }

  function handleSelect(event: SyntheticEvent<FieldElement>) {
    const position = event.currentTarget.selectionStart;
    if (position !== null && position !== caret) setCaret(position);
  }

  function pick(option: MentionOption) {
    if (!trigger) return;
    const before = value.slice(0, trigger.start);
    const after = value.slice(trigger.start + 1 + trigger.query.length);
    const written = `@${option.displayName}`;
    const spacer = /^\s/.test(after) ? '' : ' ';
    const text = `${before}${written}${spacer}${after}`;
    const position = before.length + written.length + 1;
    const nextPicks = [...picks.filter((known) => known.id !== option.id), { id: option.id, name: option.displayName }];
    setPicks(nextPicks);
    setDismissedStart(trigger.start);
    setCaret(position);
    pendingCaret.current = position;
    onChange({ text, mentions: mentionedIds(text, nextPicks) });
  }

  function handleKeyDown(event: KeyboardEvent<FieldElement>) {
    if (!open || event.nativeEvent.isComposing) return;
    const move = (index: number) => setHighlight({ key: optionsKey, index: (index + options.length) % options.length });
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(activeIndex - 1);
        break;
      case 'Enter':
      case 'Tab':
        // Only while the list is open: otherwise Enter sends a comment and Tab leaves the field.
        event.preventDefault();
        pick(options[activeIndex]);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        if (trigger) setDismissedStart(trigger.start);
        break;
    }
  }

  const fieldProps = {
    id,
    value,
    placeholder,
    disabled,
    className,
    role: 'combobox' as const,
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listboxId,
    'aria-activedescendant': open ? optionId(activeIndex) : undefined,
    'aria-invalid': ariaInvalid,
    'aria-describedby': ariaDescribedBy,
    onChange: handleChange,
    onSelect: handleSelect,
    onKeyDown: handleKeyDown,
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  };

  const listbox = (
    <ul
      ref={placeList}
      id={listboxId}
      role="listbox"
      aria-label="People to mention"
      hidden={!open}
      style={floatingStyles}
      className="z-[60] overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
    >
      {open &&
        options.map((option, index) => (
          // Keys choose an option in the field itself (a combobox with aria-activedescendant); a click picks it here.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            // The field keeps focus (and its caret) while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            onMouseEnter={() => setHighlight({ key: optionsKey, index })}
            className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-gray-900 ${
              index === activeIndex ? 'bg-indigo-50 text-indigo-900' : ''
            }`}
          >
            <span aria-hidden="true" className="contents">
              <Avatar photoURL={option.photoURL} name={option.displayName} size={24} />
            </span>
            <span className="truncate">{option.displayName}</span>
          </li>
        ))}
    </ul>
  );

  return (
    <div ref={placeUnder} className={`relative ${containerClassName}`}>
      {multiline ? <textarea ref={textareaRef} rows={rows} {...fieldProps} /> : <input ref={inputRef} type="text" {...fieldProps} />}
      {portalTarget ? createPortal(listbox, portalTarget) : listbox}
    </div>
  );
}

/** The list's tallest (px), as max-h-60 was; less when the screen has less room on either side. */
const LIST_MAX_HEIGHT = 240;

/**
 * Places the suggestions under the field (or above it, when there is no room below), as wide as
 * the field, following it as the page scrolls. The list is rendered at the end of the dialog the
 * field is in (the viewer's comments sheet: focus and screen readers stay in the dialog), else of
 * <body>: out of every card's stacking context and overflow.
 */
function useSuggestionsPopover(open: boolean) {
  const { floatingStyles, refs, elements } = useFloating({
    strategy: 'fixed',
    placement: 'bottom-start',
    open,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, rects, elements: { floating } }) {
          floating.style.width = `${rects.reference.width}px`;
          floating.style.maxHeight = `${Math.max(96, Math.min(LIST_MAX_HEIGHT, availableHeight))}px`;
        },
      }),
    ],
    // Only while open: a closed list follows nothing.
    whileElementsMounted: open ? autoUpdate : undefined,
  });
  const reference = elements.reference as HTMLElement | null;
  const portalTarget = reference ? (reference.closest<HTMLElement>('[role="dialog"]') ?? reference.ownerDocument.body) : null;
  return { floatingStyles, placeUnder: refs.setReference, placeList: refs.setFloating, portalTarget };
}
