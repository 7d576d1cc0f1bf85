import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { AddEventToCalendarDocument, type PostCardFieldsFragment } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ModalDialog } from '../../shared/components/modal-dialog';
import { errorMessage, rateLimitMessage } from '../../shared/lib/graphql-error';
import { describeEventTime, hasEnded, shortDay } from './event-time';

type Notice = { kind: 'added' | 'already' | 'error'; text: string } | null;
type DayTaken = { name: string; date: string } | null;

const BUTTON_CLASS =
  'inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50';
const PRIMARY = `${BUTTON_CLASS} bg-indigo-600 text-white hover:bg-indigo-700`;
const SECONDARY = `${BUTTON_CLASS} border border-indigo-200 bg-white text-indigo-800 hover:bg-indigo-50`;

/**
 * An event post's panel on its card (issue 18): what, when (relative, on the event's clock), where,
 * how many have it in their calendar, and Add to my calendar / Download .ics. The calendar holds one
 * event per day, so a day already taken asks whether to replace what is there.
 */
export function PostEventPanel({ post }: { post: Pick<PostCardFieldsFragment, 'id' | 'event'> }) {
  const { currentUser } = useAuth();
  const location = useLocation();
  const [notice, setNotice] = useState<Notice>(null);
  const [dayTaken, setDayTaken] = useState<DayTaken>(null);
  const [addToCalendar, { loading }] = useMutation(AddEventToCalendarDocument);
  const event = post.event;
  if (!event) return null;

  const now = new Date();
  const ended = hasEnded(event, now);
  const going = Math.max(0, event.addedCount);

  async function add(replace: boolean) {
    setNotice(null);
    try {
      const { data } = await addToCalendar({
        variables: { postId: post.id, replace },
        // The calendar page lists the entries: let it ask again (the day's entry may have changed).
        update(cache, { data: result }) {
          const outcome = result?.addEventToCalendar.outcome;
          if (outcome === 'ADDED' || outcome === 'REPLACED') {
            cache.evict({ id: 'ROOT_QUERY', fieldName: 'calendarEvents' });
            cache.gc();
          }
        },
      });
      const result = data?.addEventToCalendar;
      if (!result) return;
      if (result.outcome === 'DAY_TAKEN') {
        setDayTaken({ name: result.entry?.name ?? 'another event', date: result.entry?.date ?? event!.date });
        return;
      }
      setDayTaken(null);
      setNotice(
        result.outcome === 'ALREADY_ADDED'
          ? { kind: 'already', text: 'This event is already in your calendar.' }
          : { kind: 'added', text: 'Added to your calendar' },
      );
    } catch (failure) {
      console.error('Failed to add the event to the calendar', failure);
      setDayTaken(null);
      setNotice({ kind: 'error', text: rateLimitMessage(failure) ?? errorMessage(failure, 'Failed to add the event to your calendar.') });
    }
  }

  return (
    <section
      aria-label={`Event: ${event.name}`}
      className="mt-3 rounded-md border border-indigo-100 bg-indigo-50 p-3 text-sm text-gray-900"
    >
      <p className="font-semibold break-words">{event.name}</p>
      <p className="mt-1 text-gray-800">
        <time dateTime={event.startsAt}>{describeEventTime(event, now)}</time>
        {ended && <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs font-medium text-gray-800">Ended</span>}
      </p>
      {event.place && <p className="mt-1 break-words text-gray-800">{event.place}</p>}
      {going > 0 && <p className="mt-1 text-gray-700">{going} going</p>}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        {!ended &&
          (currentUser ? (
            <button type="button" onClick={() => void add(false)} disabled={loading} className={PRIMARY}>
              {loading ? 'Adding...' : 'Add to my calendar'}
            </button>
          ) : (
            <Link to="/login" state={{ returnTo: `${location.pathname}${location.search}` }} className={PRIMARY}>
              Add to my calendar
            </Link>
          ))}
        <a href={`/api/posts/${encodeURIComponent(post.id)}/event.ics`} download className={SECONDARY}>
          Download .ics
        </a>
      </div>

      <div aria-live="polite">
        {notice && (
          <p
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`mt-2 ${notice.kind === 'error' ? 'text-red-700' : 'text-green-800'}`}
          >
            {notice.text}
            {notice.kind !== 'error' && (
              <>
                {' '}
                <Link
                  to="/calendar"
                  className="font-medium text-indigo-800 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  Open your calendar
                </Link>
              </>
            )}
          </p>
        )}
      </div>

      {dayTaken && (
        <ModalDialog
          role="alertdialog"
          width="max-w-sm"
          title={`Replace ${dayTaken.name} on ${shortDay(dayTaken.date)}?`}
          description={`Your calendar holds one event per day. Replace it with ${event.name}, or keep yours.`}
          busy={loading}
          onClose={() => setDayTaken(null)}
        >
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setDayTaken(null)}
              disabled={loading}
              className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50"
            >
              Keep mine
            </button>
            <button
              type="button"
              onClick={() => void add(true)}
              disabled={loading}
              className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60"
            >
              {loading ? 'Replacing...' : 'Replace'}
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
