import { useId, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { CalendarFeedUrlDocument, ResetCalendarFeedDocument } from '../../graphql/graphql';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { Spinner } from '../../shared/components/spinner';
import { errorMessage } from '../../shared/lib/graphql-error';

type Notice = { kind: 'success' | 'error'; text: string } | null;

const BUTTON_CLASS =
  'rounded-md px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Settings' "Calendar feed" (issue 18): a private iCalendar address of the student's calendar for
 * Google Calendar, Apple Calendar or Outlook to subscribe to. The secret is in the address, so it
 * can be replaced: the old one stops working at once.
 */
export function CalendarFeedSettings() {
  const fieldId = useId();
  const [notice, setNotice] = useState<Notice>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const { data, loading, error } = useQuery(CalendarFeedUrlDocument);
  const [resetFeed, { loading: resetting }] = useMutation(ResetCalendarFeedDocument, {
    update(cache, { data: result }) {
      if (result) cache.writeQuery({ query: CalendarFeedUrlDocument, data: { calendarFeedUrl: result.resetCalendarFeed } });
    },
  });
  const url = data?.calendarFeedUrl ?? null;

  async function create() {
    setNotice(null);
    try {
      await resetFeed();
      setNotice({ kind: 'success', text: 'Your calendar address is ready.' });
    } catch (failure) {
      console.error('Failed to create the calendar address', failure);
      setNotice({ kind: 'error', text: errorMessage(failure, 'Failed to create the address. Please try again.') });
    }
  }

  async function reset() {
    setResetError(null);
    try {
      await resetFeed();
      setConfirmingReset(false);
      setNotice({ kind: 'success', text: 'Your calendar has a new address. The old one no longer works.' });
    } catch (failure) {
      console.error('Failed to reset the calendar address', failure);
      setResetError(errorMessage(failure, 'Failed to reset the address. Please try again.'));
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ kind: 'success', text: 'Address copied.' });
    } catch {
      setNotice({ kind: 'error', text: 'Could not copy. Select the address and copy it yourself.' });
    }
  }

  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p>
        See your Campus Clips calendar, and the events you add to it, in the calendar app you already use. Copy your private address and
        subscribe to it: in Google Calendar with <strong>Other calendars → From URL</strong>, in Apple Calendar with{' '}
        <strong>File → New Calendar Subscription</strong>, in Outlook with <strong>Add calendar → Subscribe from web</strong>.
      </p>
      <p>Anyone with the address can read your calendar, so keep it to yourself. Calendar apps refresh it every few hours.</p>

      {loading && !data ? (
        <Spinner label="Loading your calendar address" />
      ) : error && !data ? (
        <p role="alert" className="text-red-700">
          {errorMessage(error, 'Failed to load your calendar address.')}
        </p>
      ) : url === null ? (
        <button
          type="button"
          onClick={() => void create()}
          disabled={resetting}
          className={`${BUTTON_CLASS} bg-indigo-600 text-white hover:bg-indigo-700`}
        >
          {resetting ? 'Creating...' : 'Create address'}
        </button>
      ) : (
        <div className="space-y-3">
          <div>
            <label htmlFor={fieldId} className="mb-1 block font-medium text-slate-900">
              Your calendar address
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                id={fieldId}
                type="text"
                readOnly
                value={url}
                onFocus={(event) => event.target.select()}
                className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              />
              <button type="button" onClick={() => void copy()} className={`${BUTTON_CLASS} bg-indigo-600 text-white hover:bg-indigo-700`}>
                Copy
              </button>
            </div>
          </div>
          <button
            type="button"
            onClick={() => {
              setResetError(null);
              setConfirmingReset(true);
            }}
            className={`${BUTTON_CLASS} border border-slate-300 text-slate-800 hover:bg-slate-100`}
          >
            Reset address
          </button>
        </div>
      )}

      <div aria-live="polite">
        {notice && (
          <p role={notice.kind === 'error' ? 'alert' : 'status'} className={notice.kind === 'error' ? 'text-red-700' : 'text-green-800'}>
            {notice.text}
          </p>
        )}
      </div>

      {confirmingReset && (
        <ConfirmDialog
          title="Reset your calendar address?"
          description="The old address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one."
          confirmLabel="Reset address"
          busyLabel="Resetting..."
          busy={resetting}
          error={resetError}
          onConfirm={() => void reset()}
          onCancel={() => setConfirmingReset(false)}
        />
      )}
    </div>
  );
}
