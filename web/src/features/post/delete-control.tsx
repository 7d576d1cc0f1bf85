import { useState } from 'react';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { errorMessage } from '../../shared/lib/graphql-error';

type DeleteControlProps = {
  /** The button's accessible name, e.g. 'Delete post'. */
  label: string;
  title: string;
  description: string;
  /** Shown when the server refuses without a message or cannot be reached. */
  failureMessage: string;
  onDelete: () => Promise<unknown>;
  className?: string;
};

/** A Delete button that asks first; on failure the dialog stays open and says what went wrong. */
export function DeleteControl({ label, title, description, failureMessage, onDelete, className = '' }: DeleteControlProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
      setOpen(false); // usually moot: the deleted item leaves the page with this control
    } catch (failure) {
      console.error(failureMessage, failure);
      setError(errorMessage(failure, failureMessage));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        className={`rounded-md px-2 py-1 text-xs font-medium text-gray-600 hover:bg-red-50 hover:text-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className}`}
      >
        Delete
      </button>
      {open && (
        <ConfirmDialog
          title={title}
          description={description}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={busy}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
