import { useId, useState, type FormEvent } from 'react';
import { LIMITS, checkModerationForm, upTo } from '@campus-clips/rules';
import { ModalDialog } from '../../shared/components/modal-dialog';

export type DecisionRequest = { note: string; days: number | null };

type ModerateDialogProps = {
  title: string;
  /** The note's label: 'Why? The author is told.' (or, for Dismiss, who reads it). */
  noteLabel: string;
  confirmLabel: string;
  busyLabel: string;
  /** Suspend asks for a number of days too (empty = for good). */
  askDays: boolean;
  busy: boolean;
  /** The server's field errors (note, days, decision) and anything else it said. */
  errors: Record<string, string>;
  generalError: string | null;
  onConfirm: (request: DecisionRequest) => void;
  onCancel: () => void;
};

/** A moderator's decision, with the note the author is told and (for Suspend) how many days. */
export function ModerateDialog(props: ModerateDialogProps) {
  const { title, noteLabel, confirmLabel, busyLabel, askDays, busy, generalError, onConfirm, onCancel } = props;
  const noteId = useId();
  const noteErrorId = useId();
  const daysId = useId();
  const daysHintId = useId();
  const daysErrorId = useId();
  const [note, setNote] = useState('');
  const [days, setDays] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...props.errors, ...localErrors };
  const fieldGeneral = errors.decision ?? generalError;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // The api's own check (@campus-clips/rules): a decision it would refuse is not sent.
    const checked = checkModerationForm({ note, days: askDays && days.trim() !== '' ? Number(days) : null });
    setLocalErrors(checked.ok ? {} : checked.problems);
    if (checked.ok) onConfirm(checked.value);
  }

  return (
    <ModalDialog title={title} onClose={onCancel} busy={busy}>
      {fieldGeneral && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-700">
          {fieldGeneral}
        </p>
      )}
      <form onSubmit={handleSubmit} noValidate className="mt-3 space-y-4">
        <div>
          <label htmlFor={noteId} className="block text-sm font-medium text-gray-800">
            {noteLabel}
          </label>
          <textarea
            id={noteId}
            value={note}
            rows={3}
            onChange={(event) => {
              setNote(upTo(event.target.value, LIMITS.moderatorNote));
              setLocalErrors(({ note: _dropped, ...rest }) => rest);
            }}
            disabled={busy}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? noteErrorId : undefined}
            className={`mt-1 w-full rounded-md border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
              errors.note ? 'border-red-500' : 'border-gray-300'
            }`}
          />
          {errors.note && (
            <p id={noteErrorId} className="mt-1 text-sm text-red-600">
              {errors.note}
            </p>
          )}
        </div>
        {askDays && (
          <div>
            <label htmlFor={daysId} className="block text-sm font-medium text-gray-800">
              Days
            </label>
            <input
              id={daysId}
              type="number"
              inputMode="numeric"
              min={LIMITS.suspensionDays.min}
              max={LIMITS.suspensionDays.max}
              value={days}
              onChange={(event) => {
                setDays(event.target.value);
                setLocalErrors(({ days: _dropped, ...rest }) => rest);
              }}
              disabled={busy}
              aria-invalid={errors.days ? true : undefined}
              aria-describedby={[daysHintId, errors.days ? daysErrorId : ''].filter(Boolean).join(' ')}
              className={`mt-1 w-32 rounded-md border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                errors.days ? 'border-red-500' : 'border-gray-300'
              }`}
            />
            <p id={daysHintId} className="mt-1 text-xs text-gray-500">
              Leave empty to suspend for good.
            </p>
            {errors.days && (
              <p id={daysErrorId} className="mt-1 text-sm text-red-600">
                {errors.days}
              </p>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:opacity-60"
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
