import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import { ModerationLogDocument, ModerationTeamDocument, SetModeratorDocument } from '../../graphql/graphql';
import { Avatar } from '../../shared/components/avatar';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorBox } from '../../shared/components/error-box';
import { showFlashToast } from '../../shared/components/flash-toast';
import { RelativeTime } from '../../shared/components/relative-time';
import { Spinner } from '../../shared/components/spinner';
import { errorMessage } from '../../shared/lib/graphql-error';
import { auditActionLabel } from './report-labels';
import { useViewerCan } from './use-my-role';

const plainButton =
  'rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-wait disabled:opacity-60';

/** Admins' part of /moderation (issue 14): who moderates, and every decision taken. */
export function AdminTools() {
  return (
    <>
      <ModerationTeam />
      <ModerationLog />
    </>
  );
}

function ModerationTeam() {
  const { data, loading, error } = useQuery(ModerationTeamDocument, { fetchPolicy: 'cache-and-network' });
  const members = data?.moderators;
  return (
    <section aria-labelledby="moderation-team" className="mt-10">
      <h2 id="moderation-team" className="mb-1 text-xl font-semibold text-gray-900">
        Moderators
      </h2>
      <p className="mb-3 text-sm text-gray-700">To add one, open their profile and choose Make moderator.</p>
      {loading && !members ? (
        <Spinner label="Loading moderators" />
      ) : error && !members ? (
        <ErrorBox message={errorMessage(error, 'Failed to load moderators')} />
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {(members ?? []).map(({ user, role, viewerCan }) => (
            <li key={user.id} className="flex items-center gap-3 px-4 py-3">
              <Avatar photoURL={user.photoURL} name={user.displayName} size={32} />
              <Link to={`/user/${encodeURIComponent(user.id)}`} className="font-medium text-indigo-700 hover:underline focus-ring">
                {user.displayName?.trim() || 'Unknown user'}
              </Link>
              <span className="text-sm text-gray-600">{role === 'ADMIN' ? 'Admin' : 'Moderator'}</span>
              {viewerCan.changeModeratorRole && (
                <span className="ml-auto">
                  <ModeratorRoleButton userId={user.id} name={user.displayName?.trim() || 'this student'} isModerator />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ModerationLog() {
  const { data, loading, error } = useQuery(ModerationLogDocument, { fetchPolicy: 'cache-and-network' });
  const entries = data?.moderationLog;
  return (
    <section aria-labelledby="moderation-log" className="mt-10">
      <h2 id="moderation-log" className="mb-3 text-xl font-semibold text-gray-900">
        Moderation log
      </h2>
      {loading && !entries ? (
        <Spinner label="Loading the moderation log" />
      ) : error && !entries ? (
        <ErrorBox message={errorMessage(error, 'Failed to load the moderation log')} />
      ) : !entries?.length ? (
        <p className="text-gray-700">No decisions yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  When
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Who
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  What
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Why
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 text-gray-900">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-3 py-2">
                    <RelativeTime dateTime={entry.createdAt} />
                  </td>
                  <td className="px-3 py-2">
                    {entry.moderatorName ?? (entry.moderatorUid === 'command line' ? 'Command line' : 'Deleted account')}
                  </td>
                  <td className="px-3 py-2">
                    {auditActionLabel(entry.action, entry.targetType, entry.targetAuthorName ?? 'a deleted account')}
                  </td>
                  <td className="break-words px-3 py-2">{entry.note || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * 'Make moderator' or 'Remove moderator', asked first. On a profile it shows for admins only, and
 * not on an admin's profile (admins are made with the admin command).
 */
export function ModeratorToggle({ userId, name }: { userId: string; name: string }) {
  const isAdmin = useViewerCan().grantRoles;
  const { data } = useQuery(ModerationTeamDocument, { skip: !isAdmin });
  if (!isAdmin || !data) return null;
  const member = data.moderators.find((candidate) => candidate.user.id === userId);
  if (member && !member.viewerCan.changeModeratorRole) return null;
  return <ModeratorRoleButton userId={userId} name={name} isModerator={Boolean(member)} />;
}

function ModeratorRoleButton({ userId, name, isModerator }: { userId: string; name: string; isModerator: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [setModerator, { loading }] = useMutation(SetModeratorDocument, {
    refetchQueries: [ModerationTeamDocument, ModerationLogDocument],
    awaitRefetchQueries: true,
  });

  async function confirm() {
    setError(null);
    try {
      await setModerator({ variables: { userId, moderator: !isModerator, note: '' } });
    } catch (cause) {
      console.error('Failed to change the moderator role', cause);
      setError(errorMessage(cause, 'Failed to save. Please try again.'));
      return;
    }
    setConfirming(false);
    showFlashToast(isModerator ? `${name} is no longer a moderator.` : `${name} is now a moderator.`);
  }

  return (
    <>
      <button type="button" className={plainButton} onClick={() => setConfirming(true)}>
        {isModerator ? 'Remove moderator' : 'Make moderator'}
      </button>
      {confirming && (
        <ConfirmDialog
          title={isModerator ? `Remove ${name} as a moderator?` : `Make ${name} a moderator?`}
          description={
            isModerator
              ? 'They will no longer see reports or act on them.'
              : 'They will see every open report and can remove posts and comments, warn and suspend accounts.'
          }
          confirmLabel={isModerator ? 'Remove moderator' : 'Make moderator'}
          busyLabel="Saving..."
          busy={loading}
          error={error}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
