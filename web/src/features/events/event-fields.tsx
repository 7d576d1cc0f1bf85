import { defaultEventName, lastEventDay } from '@campus-clips/rules';
import { useId, type ReactNode } from 'react';
import { toDateKey } from '../../shared/lib/local-date';
import type { EventDraft } from './event-draft';

type EventFieldsProps = {
  draft: EventDraft;
  onChange: (next: EventDraft) => void;
  /** The caption as typed: its first line is the name when none is given. */
  caption: string;
  /** Problems by field key (event.name, event.date...), from the browser's checks or the api's. */
  problems: Record<string, string>;
};

const INPUT_CLASS =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-[invalid=true]:border-red-500';

/**
 * The create-post form's "Add an event" section (issue 18): opening it makes the post announce
 * an event; closing it keeps what was typed but posts without one. Times are on the browser's clock.
 */
export function EventFields({ draft, onChange, caption, problems }: EventFieldsProps) {
  const baseId = useId();
  const sectionId = `${baseId}-section`;
  const set = (field: keyof EventDraft) => (event: { target: { value: string } }) => onChange({ ...draft, [field]: event.target.value });
  const namePlaceholder = defaultEventName(caption) || 'Name of the event';

  function field(key: 'name' | 'date' | 'startTime' | 'endTime' | 'place', label: string, input: (props: FieldProps) => ReactNode) {
    const id = `${baseId}-${key}`;
    const problem = problems[`event.${key}`];
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-900">
          {label}
        </label>
        {input({
          id,
          'aria-invalid': Boolean(problem),
          'aria-describedby': problem ? `${id}-problem` : undefined,
          className: INPUT_CLASS,
        })}
        {problem && (
          <p id={`${id}-problem`} className="mt-1 text-sm text-red-600">
            {problem}
          </p>
        )}
      </div>
    );
  }

  return (
    <fieldset className="rounded-md border border-gray-200 p-3">
      <legend className="px-1">
        <button
          type="button"
          aria-expanded={draft.open}
          aria-controls={sectionId}
          onClick={() => onChange({ ...draft, open: !draft.open })}
          className="flex items-center gap-2 rounded-md px-1 text-sm font-semibold text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <span aria-hidden="true">{draft.open ? '▾' : '▸'}</span>
          Add an event
        </button>
      </legend>
      {draft.open && (
        <div id={sectionId} className="mt-2 space-y-4">
          <p className="text-sm text-gray-600">
            Students can add it to their calendar from your post. Close this section to post without an event.
          </p>
          {field('name', 'Event name', (props) => (
            <input {...props} type="text" value={draft.name} onChange={set('name')} placeholder={namePlaceholder} />
          ))}
          <div className="grid gap-4 sm:grid-cols-3">
            {field('date', 'Date', (props) => (
              <input
                {...props}
                type="date"
                value={draft.date}
                min={toDateKey(new Date())}
                max={lastEventDay(toDateKey(new Date()))}
                onChange={set('date')}
              />
            ))}
            {field('startTime', 'Starts at', (props) => (
              <input {...props} type="time" value={draft.startTime} onChange={set('startTime')} />
            ))}
            {field('endTime', 'Ends at (optional)', (props) => (
              <input {...props} type="time" value={draft.endTime} onChange={set('endTime')} />
            ))}
          </div>
          {field('place', 'Place (optional)', (props) => (
            <input {...props} type="text" value={draft.place} onChange={set('place')} placeholder="e.g. Main hall, room 2" />
          ))}
        </div>
      )}
    </fieldset>
  );
}

type FieldProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  className: string;
};
