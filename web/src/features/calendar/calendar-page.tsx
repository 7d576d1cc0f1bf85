import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { checkCalendarEntryForm, localCalendarDay } from '@campus-clips/rules';
import { CalendarEventsDocument, DeleteCalendarEventDocument, SaveCalendarEventDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { callFailureMessage } from '../../shared/lib/graphql-error';
import { toDateKey } from '../../shared/lib/local-date';
import { displayDate, monthGrid } from './calendar-dates';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `field`: the notice is the event name's problem, and the name's field says so. */
type Notice = { kind: 'success' | 'error'; text: string; field?: 'name' } | null;

/** /calendar: a month grid; one named event per day (spec §2, §4, §8, D6, D7). */
export default function CalendarPage() {
  const { currentUser } = useAuth();
  const inputId = useId();
  const today = new Date();
  const [visibleMonth, setVisibleMonth] = useState({ year: today.getFullYear(), month: today.getMonth() });
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [eventName, setEventName] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const { data, loading, error } = useQuery(CalendarEventsDocument, { skip: !currentUser });
  const [saveEvent, { loading: saving }] = useMutation(SaveCalendarEventDocument);
  const [deleteEvent, { loading: deleting }] = useMutation(DeleteCalendarEventDocument);

  // With nobody signed in there are no events to show.
  const events = useMemo(() => (currentUser ? (data?.calendarEvents ?? []) : []), [currentUser, data]);
  const eventsByDate = useMemo(() => new Map(events.map((event) => [event.date, event.name])), [events]);
  const sortedEvents = useMemo(() => [...events].sort((a, b) => a.date.localeCompare(b.date)), [events]);

  // Another user signed in: forget the day and notice picked before (adjusted while rendering,
  // not in an effect, so the old selection is never painted for the new user).
  const uid = currentUser?.uid;
  const [selectionUid, setSelectionUid] = useState(uid);
  if (selectionUid !== uid) {
    setSelectionUid(uid);
    setSelectedKey(null);
    setNotice(null);
  }

  function selectDay(key: string) {
    setSelectedKey(key);
    setEventName(eventsByDate.get(key) ?? '');
    setNotice(null);
  }

  function shiftMonth(delta: number) {
    setVisibleMonth(({ year, month }) => {
      const next = new Date(year, month + delta, 1);
      return { year: next.getFullYear(), month: next.getMonth() };
    });
  }

  async function handleSave(event: FormEvent) {
    event.preventDefault();
    if (!selectedKey) return;
    // The api's own rules (@campus-clips/rules): a day or a name it would refuse is not sent.
    const checked = checkCalendarEntryForm({ date: selectedKey, name: eventName }, localCalendarDay(new Date()));
    if (!checked.ok) {
      const { date, name } = checked.problems;
      setNotice(date ? { kind: 'error', text: date } : { kind: 'error', text: name ?? '', field: 'name' });
      return;
    }
    const { name } = checked.value;
    setNotice(null);
    try {
      await saveEvent({
        variables: { date: selectedKey, name },
        update(cache, { data: result }) {
          const saved = result?.saveCalendarEvent;
          if (!saved) return;
          cache.updateQuery({ query: CalendarEventsDocument }, (existing) =>
            existing ? { calendarEvents: [...existing.calendarEvents.filter((e) => e.date !== saved.date), saved] } : existing,
          );
        },
      });
      setNotice({ kind: 'success', text: 'Event saved successfully.' });
    } catch (failure) {
      console.error('Failed to save event', failure);
      setNotice({ kind: 'error', text: callFailureMessage(failure, 'Failed to save event: ', 'Failed to save event.') });
    }
  }

  async function handleDelete(dateKey: string) {
    setNotice(null);
    try {
      await deleteEvent({
        variables: { date: dateKey },
        update(cache) {
          cache.updateQuery({ query: CalendarEventsDocument }, (existing) =>
            existing ? { calendarEvents: existing.calendarEvents.filter((e) => e.date !== dateKey) } : existing,
          );
        },
      });
      if (selectedKey === dateKey) setEventName('');
      setNotice({ kind: 'success', text: 'Event deleted successfully.' });
    } catch (failure) {
      console.error('Failed to delete event', failure);
      setNotice({ kind: 'error', text: callFailureMessage(failure, 'Failed to delete event: ', 'Failed to delete event.') });
    }
  }

  const busy = loading || saving || deleting;
  const monthLabel = new Date(visibleMonth.year, visibleMonth.month, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });
  const todayKey = toDateKey(today);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Calendar</h1>

      <section aria-label="Month calendar" className="rounded-lg border border-gray-200 bg-white p-4">
        <div className="mb-4 flex items-center justify-between">
          <button type="button" onClick={() => shiftMonth(-1)} aria-label="Previous month" className={navButton}>
            ‹
          </button>
          <h2 className="text-lg font-semibold text-gray-900" aria-live="polite">
            {monthLabel}
          </h2>
          <button type="button" onClick={() => shiftMonth(1)} aria-label="Next month" className={navButton}>
            ›
          </button>
        </div>
        <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-gray-500" aria-hidden="true">
          {WEEKDAYS.map((day) => (
            <div key={day}>{day}</div>
          ))}
        </div>
        <div className="mt-1 grid grid-cols-7 gap-1">
          {monthGrid(visibleMonth.year, visibleMonth.month).map((day, index) => {
            if (!day) return <div key={`blank-${index}`} />;
            const key = toDateKey(day);
            const hasEvent = eventsByDate.has(key);
            const selected = key === selectedKey;
            return (
              <button
                key={key}
                type="button"
                onClick={() => selectDay(key)}
                aria-pressed={selected}
                aria-label={`${day.toDateString()}${hasEvent ? `, event: ${eventsByDate.get(key)}` : ''}`}
                className={`relative flex aspect-square items-center justify-center rounded-md text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                  selected
                    ? 'bg-indigo-600 text-white'
                    : key === todayKey
                      ? 'bg-indigo-50 font-semibold text-indigo-800'
                      : 'text-gray-900 hover:bg-gray-100'
                }`}
              >
                {day.getDate()}
                {hasEvent && (
                  <span
                    aria-hidden="true"
                    className={`absolute bottom-1 h-1.5 w-1.5 rounded-full ${selected ? 'bg-white' : 'bg-indigo-600'}`}
                  />
                )}
              </button>
            );
          })}
        </div>
      </section>

      {selectedKey && (
        <section aria-labelledby={`${inputId}-title`} className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
          <h2 id={`${inputId}-title`} className="mb-3 font-semibold text-gray-900">
            Add Event for {displayDate(selectedKey)}
          </h2>
          <form onSubmit={handleSave} noValidate className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor={inputId} className="sr-only">
              Event name
            </label>
            <input
              id={inputId}
              type="text"
              value={eventName}
              onChange={(event) => setEventName(event.target.value)}
              placeholder="Enter event name..."
              aria-invalid={notice?.field === 'name'}
              aria-describedby={notice?.field === 'name' ? `${inputId}-notice` : undefined}
              className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            />
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-50"
            >
              {saving ? 'Saving...' : 'Save Event'}
            </button>
          </form>
        </section>
      )}

      <div aria-live="polite" className="mt-4 min-h-6 text-sm">
        {busy && <p className="text-gray-600">Loading...</p>}
        {notice && (
          <p
            id={`${inputId}-notice`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={notice.kind === 'error' ? 'text-red-600' : 'text-green-700'}
          >
            {notice.text}
          </p>
        )}
        {error && !data && (
          <p role="alert" className="text-red-600">
            {callFailureMessage(error, 'Failed to fetch events: ', 'Failed to fetch events')}
          </p>
        )}
      </div>

      <section aria-labelledby={`${inputId}-saved`} className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id={`${inputId}-saved`} className="mb-3 font-semibold text-gray-900">
          Saved Events
        </h2>
        {sortedEvents.length === 0 ? (
          <p className="text-sm text-gray-600">No saved events.</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {sortedEvents.map((event) => (
              <li key={event.date} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{displayDate(event.date)}</span>: {event.name}
                  {/* Added from an event post (issue 18): back to the post, while the viewer may still see it. */}
                  {event.post && (
                    <>
                      {' '}
                      <Link
                        to={`/post/${encodeURIComponent(event.post.id)}`}
                        className="whitespace-nowrap font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      >
                        View post<span className="sr-only"> for {event.name}</span>
                      </Link>
                    </>
                  )}
                </span>
                <button
                  type="button"
                  onClick={() => void handleDelete(event.date)}
                  disabled={deleting}
                  className="shrink-0 rounded-md border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:opacity-50"
                >
                  Delete<span className="sr-only"> event on {displayDate(event.date)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const navButton =
  'rounded-md px-3 py-1 text-xl text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
