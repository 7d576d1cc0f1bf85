import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  ModerateDocument,
  ModerationQueueDocument,
  type ModerationDecision,
  type QueueOrder,
  type ReportGroupFieldsFragment,
} from '../../graphql/graphql';
import { ErrorBox } from '../../shared/components/error-box';
import { RelativeTime } from '../../shared/components/relative-time';
import { Spinner } from '../../shared/components/spinner';
import { Toast, useToast } from '../../shared/components/toast';
import { VideoPlayer } from '../../shared/components/video-player';
import { errorCode, errorMessage, fieldErrors } from '../../shared/lib/graphql-error';
import { AdminTools } from './admin-tools';
import { ModerateDialog, type DecisionRequest } from './moderate-dialog';
import { reasonLabel, targetNoun } from './report-labels';
import { useViewerCan } from './use-my-role';

const ORDERS: ReadonlyArray<{ value: QueueOrder; label: string }> = [
  { value: 'NEWEST', label: 'Newest' },
  { value: 'MOST_REPORTED', label: 'Most reported' },
];

type Decision = {
  value: ModerationDecision;
  label: string;
  busyLabel: string;
  /** Said once the decision is taken. */
  done: string;
};

const DECISIONS: readonly Decision[] = [
  { value: 'DISMISS', label: 'Dismiss', busyLabel: 'Dismissing...', done: 'Reports dismissed.' },
  { value: 'REMOVE', label: 'Remove', busyLabel: 'Removing...', done: 'Removed. The author is told why.' },
  { value: 'WARN', label: 'Warn', busyLabel: 'Warning...', done: 'Warning sent.' },
  { value: 'SUSPEND', label: 'Suspend', busyLabel: 'Suspending...', done: 'Account suspended.' },
  { value: 'UNSUSPEND', label: 'Lift suspension', busyLabel: 'Lifting...', done: 'Suspension lifted.' },
];

/** /moderation (issue 14): the open reports, grouped by what they report, and the moderators' decisions. */
export default function ModerationPage() {
  const [order, setOrder] = useState<QueueOrder>('NEWEST');
  const { data, loading, error } = useQuery(ModerationQueueDocument, { variables: { order }, fetchPolicy: 'cache-and-network' });
  const { message, tone, showToast, dismiss } = useToast();
  const isAdmin = useViewerCan().readAuditLog;
  const groups = data?.moderationQueue;

  let body: React.ReactNode;
  if (error && errorCode(error) === 'FORBIDDEN') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6">
        <h1 className="mb-4 text-2xl font-bold text-gray-900">Moderation</h1>
        <p className="text-gray-700">Only moderators can see this page.</p>
      </div>
    );
  }
  if (loading && !groups) body = <Spinner label="Loading reports" />;
  else if (error && !groups) body = <ErrorBox message={errorMessage(error, 'Failed to load reports')} />;
  else if (!groups || groups.length === 0) body = <p className="py-6 text-center text-gray-700">Nothing to review. The queue is empty.</p>;
  else {
    body = (
      <ul className="space-y-4">
        {groups.map((group) => (
          <li key={`${group.targetType}:${group.targetId}`}>
            <ReportGroupCard group={group} onDone={(text) => showToast(text, 'info')} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold text-gray-900">Moderation</h1>
      <div role="group" aria-label="Order" className="mb-4 inline-flex rounded-md border border-gray-300 bg-white p-0.5">
        {ORDERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={order === option.value}
            onClick={() => setOrder(option.value)}
            className={`rounded px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
              order === option.value ? 'bg-indigo-600 text-white' : 'text-gray-700 hover:bg-gray-100'
            }`}
          >
            {option.label}
          </button>
        ))}
      </div>
      {body}
      {isAdmin && <AdminTools />}
      <Toast message={message} tone={tone} onDismiss={dismiss} />
    </div>
  );
}

function ReportGroupCard({ group, onDone }: { group: ReportGroupFieldsFragment; onDone: (message: string) => void }) {
  const headingId = useId();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [moderate, { loading: busy }] = useMutation(ModerateDocument);

  const noun = targetNoun(group.targetType);
  const authorName = group.targetAuthor?.displayName?.trim() || 'Unknown user';
  const heading =
    group.targetType === 'USER'
      ? `Account: ${authorName}`
      : group.targetType === 'ORGANIZATION'
        ? `Organization run by ${authorName}`
        : `${noun === 'post' ? 'Post' : 'Comment'} by ${authorName}`;
  // An account cannot be removed, nor an organization (it is hidden or suspended from its page);
  // a suspension can be lifted only while one is in force.
  const decisions = DECISIONS.filter(
    (decision) =>
      (decision.value !== 'REMOVE' || (group.targetType !== 'USER' && group.targetType !== 'ORGANIZATION')) &&
      (decision.value !== 'UNSUSPEND' || group.authorSuspended),
  );
  // An organization's content names its address ('Chess Club (/org/chess-club): ...'): its page is where it is hidden or suspended.
  const organizationSlug = group.targetType === 'ORGANIZATION' ? /\(\/org\/([a-z0-9-]+)\)/.exec(group.content)?.[1] : undefined;

  function open(decision: Decision) {
    setErrors({});
    setGeneralError(null);
    setDeciding(decision);
  }

  async function decide(decision: Decision, { note, days }: DecisionRequest) {
    setErrors({});
    setGeneralError(null);
    try {
      await moderate({
        variables: {
          input: {
            targetType: group.targetType,
            targetId: group.targetId,
            decision: decision.value,
            note,
            ...(decision.value === 'SUSPEND' && days !== null ? { days } : {}),
          },
        },
        update(cache) {
          // The group leaves every order of the queue; what was removed leaves the feeds too.
          const id = cache.identify({ __typename: 'ReportGroup', targetType: group.targetType, targetId: group.targetId });
          if (id) cache.evict({ id });
          if (decision.value === 'REMOVE') {
            const removed = cache.identify({ __typename: group.targetType === 'POST' ? 'Post' : 'Comment', id: group.targetId });
            if (removed) cache.evict({ id: removed });
          }
          cache.gc();
        },
      });
    } catch (error) {
      console.error('Failed to moderate', error);
      const fields = fieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setGeneralError(errorMessage(error, 'Failed to save the decision. Please try again.'));
      return;
    }
    onDone(decision.done);
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {heading}
        </h2>
        <span className="text-sm text-gray-600">
          Reported by {group.reporterCount} {group.reporterCount === 1 ? 'student' : 'students'}
        </span>
        <span className="ml-auto text-xs text-gray-500">
          Last reported <RelativeTime dateTime={group.latestAt} />
        </span>
      </header>

      <div className="mt-3">
        {group.videoUrl ? (
          <>
            <VideoPlayer src={group.videoUrl} label={`Reported video by ${authorName}`} className="max-h-[50vh] object-contain" />
            {group.content && <p className="mt-2 whitespace-pre-line break-words text-gray-900">{group.content}</p>}
          </>
        ) : group.targetType === 'USER' ? null : (
          <>
            <blockquote className="whitespace-pre-line break-words border-l-4 border-gray-300 pl-3 text-gray-900">
              {group.content || '(no text)'}
            </blockquote>
            {organizationSlug && (
              <Link
                to={`/org/${organizationSlug}`}
                className="mt-2 inline-block text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                Open the organization (hide or suspend it there)
              </Link>
            )}
          </>
        )}
      </div>

      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-gray-700">Reasons</dt>
        <dd className="text-gray-900">{group.reasons.map(reasonLabel).join(', ')}</dd>
        <dt className="font-medium text-gray-700">Author</dt>
        <dd>
          {group.targetAuthor ? (
            <Link
              to={`/user/${encodeURIComponent(group.targetAuthor.id)}`}
              className="font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {authorName}
            </Link>
          ) : (
            authorName
          )}
          {group.authorSuspended && (
            <span className="ml-2 text-gray-700">
              {group.authorSuspendedUntil ? `Suspended until ${group.authorSuspendedUntil.slice(0, 10)}` : 'Suspended for good'}
            </span>
          )}
        </dd>
        <dt className="font-medium text-gray-700">Their history</dt>
        <dd className="text-gray-900">
          {group.authorHistory.length ? (
            <ul className="list-inside list-disc">
              {group.authorHistory.map((entry, index) => (
                <li key={index}>{entry}</li>
              ))}
            </ul>
          ) : (
            'No earlier decisions.'
          )}
        </dd>
        {group.details.length > 0 && (
          <>
            <dt className="font-medium text-gray-700">Reporters said</dt>
            <dd className="text-gray-900">
              <ul className="space-y-1">
                {group.details.map((detail, index) => (
                  <li key={index} className="whitespace-pre-line break-words">
                    “{detail}”
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        {decisions.map((decision) => (
          <button
            key={decision.value}
            type="button"
            aria-haspopup="dialog"
            onClick={() => open(decision)}
            className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {decision.label}
          </button>
        ))}
      </div>

      {deciding && (
        <ModerateDialog
          title={dialogTitle(deciding.value, noun, authorName)}
          noteLabel={deciding.value === 'DISMISS' ? 'Why? Only moderators see this note.' : 'Why? The author is told.'}
          confirmLabel={deciding.label}
          busyLabel={deciding.busyLabel}
          askDays={deciding.value === 'SUSPEND'}
          busy={busy}
          errors={errors}
          generalError={generalError}
          onConfirm={(request) => void decide(deciding, request)}
          onCancel={() => setDeciding(null)}
        />
      )}
    </article>
  );
}

function dialogTitle(decision: ModerationDecision, noun: string, name: string): string {
  switch (decision) {
    case 'DISMISS':
      return `Dismiss the reports of this ${noun}?`;
    case 'REMOVE':
      return `Remove this ${noun}?`;
    case 'WARN':
      return `Warn ${name}?`;
    case 'SUSPEND':
      return `Suspend ${name}?`;
    case 'UNSUSPEND':
      return `Lift ${name}’s suspension?`;
  }
}
