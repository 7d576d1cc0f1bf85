import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { LIMITS, charCount, checkReportForm, upTo } from '@campus-clips/rules';
import { ReportDocument, type ReportReason, type ReportTarget } from '../../graphql/graphql';
import { ModalDialog } from '../../shared/components/modal-dialog';
import { showFlashToast } from '../../shared/components/flash-toast';
import { useBlockMute } from '../blocks';
import { errorMessage, fieldErrors } from '../../shared/lib/graphql-error';
import { REPORT_REASONS, targetNoun } from './report-labels';

export type ReportDialogProps = {
  targetType: ReportTarget;
  targetId: string;
  /** Who wrote it (or the account itself): offered for blocking once the report is sent. */
  authorId: string | null | undefined;
  authorName: string;
  onClose: () => void;
  /** After 'Block {name}' succeeded (the profile page leaves for Home). */
  onBlocked?: () => void;
};

const secondaryButton =
  'rounded-md border border-gray-300 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50';
const primaryButton =
  'rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50';

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * 'Report' (issue 14): a reason (required), optional details up to 1,000 characters, then the
 * server's thank-you with the offer to block the author. Field errors show under their field.
 */
export function ReportDialog({ targetType, targetId, authorId, authorName, onClose, onBlocked }: ReportDialogProps) {
  const reasonGroupName = useId();
  const reasonErrorId = useId();
  const detailsId = useId();
  const detailsCountId = useId();
  const detailsErrorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [sendReport, { loading: sending }] = useMutation(ReportDocument);
  const { block } = useBlockMute();
  const busy = sending || blocking;
  const noun = targetNoun(targetType);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason || sending) return;
    setGeneralError(null);
    // The api's own check (@campus-clips/rules): details it would refuse are not sent.
    const checked = checkReportForm({ details });
    setErrors(checked.ok ? {} : checked.problems);
    if (!checked.ok) return;
    try {
      const trimmed = checked.value.details;
      const result = await sendReport({
        variables: { input: { targetType, targetId, reason, ...(trimmed ? { details: trimmed } : {}) } },
      });
      setThanks(result.data?.report.message ?? 'Thank you for telling us. Our moderators will review it.');
    } catch (error) {
      console.error('Failed to send report', error);
      const fields = fieldErrors(error);
      // 'You cannot report yourself.' comes on targetId, which has no field here: it is said at the top.
      const { reason: reasonError, details: detailsError } = fields;
      setErrors({ ...(reasonError ? { reason: reasonError } : {}), ...(detailsError ? { details: detailsError } : {}) });
      if (!reasonError && !detailsError) setGeneralError(errorMessage(error, 'Failed to send report. Please try again.'));
    }
  }

  async function handleBlock() {
    if (!authorId) return;
    setBlocking(true);
    setGeneralError(null);
    try {
      await block(authorId);
    } catch (error) {
      console.error('Failed to block user', error);
      setGeneralError(errorMessage(error, 'Failed to block user. Please try again.'));
      setBlocking(false);
      return;
    }
    showFlashToast(`Blocked ${authorName}.`);
    onClose();
    onBlocked?.();
  }

  return (
    <ModalDialog title="Report" onClose={onClose} busy={busy}>
      {generalError && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-700">
          {generalError}
        </p>
      )}
      {thanks ? (
        <>
          <p role="status" className="mt-3 text-sm text-gray-800">
            {thanks}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            {authorId && (
              <button type="button" className={secondaryButton} onClick={() => void handleBlock()} disabled={blocking}>
                {blocking ? 'Blocking...' : `Block ${authorName}`}
              </button>
            )}
            <button type="button" className={primaryButton} onClick={onClose} disabled={blocking}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate className="mt-3 space-y-4">
          <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
            <legend className="text-sm font-medium text-gray-800">Why are you reporting this {noun}?</legend>
            <div className="mt-2 space-y-1">
              {REPORT_REASONS.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm text-gray-800">
                  <input
                    type="radio"
                    name={reasonGroupName}
                    value={option.value}
                    checked={reason === option.value}
                    onChange={() => {
                      setReason(option.value);
                      setErrors(({ reason: _dropped, ...rest }) => rest);
                    }}
                    disabled={sending}
                    className="h-4 w-4 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500"
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {errors.reason && (
              <p id={reasonErrorId} className="mt-1 text-sm text-red-600">
                {errors.reason}
              </p>
            )}
          </fieldset>

          <div>
            <label htmlFor={detailsId} className="block text-sm font-medium text-gray-800">
              Details (optional)
            </label>
            <textarea
              id={detailsId}
              value={details}
              rows={4}
              onChange={(event) => {
                setDetails(upTo(event.target.value, LIMITS.reportDetails));
                setErrors(({ details: _dropped, ...rest }) => rest);
              }}
              disabled={sending}
              aria-invalid={errors.details ? true : undefined}
              aria-describedby={[detailsCountId, errors.details ? detailsErrorId : ''].filter(Boolean).join(' ')}
              className={`mt-1 w-full rounded-md border px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                errors.details ? 'border-red-500' : 'border-gray-300'
              }`}
            />
            <p id={detailsCountId} className="mt-1 text-right text-xs text-gray-500">
              {numberFormat.format(charCount(details))} / {numberFormat.format(LIMITS.reportDetails)} characters
            </p>
            {errors.details && (
              <p id={detailsErrorId} className="mt-1 text-sm text-red-600">
                {errors.details}
              </p>
            )}
          </div>

          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={onClose} disabled={sending}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={!reason || sending}>
              {sending ? 'Sending...' : 'Send report'}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
