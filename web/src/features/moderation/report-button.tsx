import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from '../../graphql/graphql';

// The dialog (its reasons, the report rules, block and mute) loads when a Report button is pressed:
// every post card shows the button, few students press it.
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

type ReportButtonProps = {
  targetType: ReportTarget;
  targetId: string;
  authorId: string | null | undefined;
  authorName: string;
  /** The button's accessible name: 'Report post', 'Report comment' or 'Report account'. */
  label: string;
  className?: string;
  onBlocked?: () => void;
};

const quietClass =
  'rounded-md px-2 py-1 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/** A small 'Report' button that opens the report dialog; the caller shows it on other people's things only. */
export function ReportButton({ targetType, targetId, authorId, authorName, label, className = quietClass, onBlocked }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)} className={className}>
        Report
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            authorId={authorId}
            authorName={authorName}
            onClose={() => setOpen(false)}
            onBlocked={onBlocked}
          />
        </Suspense>
      )}
    </>
  );
}
