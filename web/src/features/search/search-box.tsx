// The one search box (issue 27), in the sidebar and the phone top bar. An ARIA 1.2 combobox (as the
// @mention field, mentions/mention-field.tsx): the field keeps focus, aria-activedescendant names
// the highlighted suggestion. Enter searches for the text (/search?q=), or opens the highlighted
// person, tag or organization; Escape closes the list, then clears the box.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '@campus-clips/rules';
import { Avatar } from '../../shared/components/avatar';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { useSearchSuggestions, type SearchSuggestion } from './use-search-suggestions';

type SearchBoxProps = {
  /** Called after the box sends the student somewhere (the phone menu closes). */
  onNavigate?: () => void;
  /** What a search for the text does; by default /search?q=<text> (the search page keeps its tab). */
  onSearch?: (q: string) => void;
  initialText?: string;
  className?: string;
};

/** Where a suggestion leads. */
export function suggestionPath(suggestion: SearchSuggestion): string {
  switch (suggestion.kind) {
    case 'person':
      return `/user/${encodeURIComponent(suggestion.id)}`;
    case 'tag':
      return `/tags/${encodeURIComponent(suggestion.name)}`;
    case 'organization':
      return `/org/${encodeURIComponent(suggestion.slug)}`;
  }
}

export function SearchBox({ onNavigate, onSearch, initialText = '', className = '' }: SearchBoxProps) {
  const navigate = useNavigate();
  const listboxId = useId();
  const [text, setText] = useState(initialText);
  const [focused, setFocused] = useState(false);
  // Escape closes the list for the text typed so far; typing opens it again.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<{ key: string; index: number }>({ key: '', index: -1 });

  const suggestions = useSearchSuggestions(text);
  const open = focused && dismissedFor !== text && suggestions.length > 0;
  const optionsKey = suggestions.map((suggestion) => suggestion.key).join(',');
  const activeIndex = open && highlight.key === optionsKey ? Math.min(highlight.index, suggestions.length - 1) : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  function finish(path: string) {
    setDismissedFor(text);
    navigate(path);
    onNavigate?.();
  }

  function search(event?: FormEvent) {
    event?.preventDefault();
    const q = text.trim();
    if (!q) return;
    setDismissedFor(text);
    if (onSearch) onSearch(q);
    else navigate(`/search?q=${encodeURIComponent(q)}`);
    onNavigate?.();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const move = (index: number) => setHighlight({ key: optionsKey, index: (index + suggestions.length) % suggestions.length });
    switch (event.key) {
      case 'ArrowDown':
        if (!open) return;
        event.preventDefault();
        move(activeIndex + 1);
        break;
      case 'ArrowUp':
        if (!open) return;
        event.preventDefault();
        move(activeIndex < 0 ? suggestions.length - 1 : activeIndex - 1);
        break;
      case 'Enter':
        if (activeIndex < 0) return; // the form searches for the text
        event.preventDefault();
        finish(suggestionPath(suggestions[activeIndex]!));
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setDismissedFor(text);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
    }
  }

  return (
    <form role="search" aria-label="Search Campus Clips" onSubmit={search} className={`relative ${className}`}>
      <label htmlFor={`${listboxId}-field`} className="sr-only">
        Search people, organizations, clips, tags and events
      </label>
      <input
        id={`${listboxId}-field`}
        type="search"
        value={text}
        maxLength={LIMITS.searchQuery}
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setDismissedFor(null);
        }}
        onKeyDown={handleKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        className="absolute left-0 right-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
      >
        {open &&
          suggestions.map((suggestion, index) => (
            // Keys choose a suggestion in the field itself (a combobox with aria-activedescendant); a click picks it here.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={suggestion.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // The field keeps focus while an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => finish(suggestionPath(suggestion))}
              onMouseEnter={() => setHighlight({ key: optionsKey, index })}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900 ${
                index === activeIndex ? 'bg-indigo-50 text-indigo-900' : ''
              }`}
            >
              {suggestion.kind === 'person' ? (
                <>
                  <span aria-hidden="true" className="contents">
                    <Avatar photoURL={suggestion.photoURL} name={suggestion.displayName} size={24} />
                  </span>
                  <span className="truncate">{suggestion.displayName}</span>
                </>
              ) : suggestion.kind === 'organization' ? (
                <>
                  <OrganizationPicture photoURL={suggestion.photoURL} name={suggestion.name} size={24} decorative />
                  <span className="truncate">{suggestion.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-slate-600">Organization</span>
                </>
              ) : (
                <>
                  <span className="truncate font-medium">#{suggestion.name}</span>
                  <span className="ml-auto shrink-0 text-xs text-slate-600">
                    {suggestion.postCount} {suggestion.postCount === 1 ? 'clip' : 'clips'}
                  </span>
                </>
              )}
            </li>
          ))}
      </ul>
    </form>
  );
}
