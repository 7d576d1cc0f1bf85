// Blocked and muted accounts (issue 14): the viewer's two lists, most recent first, each person
// with Unblock or Unmute. Ending a block or mute brings their posts and comments back.
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { BlockedAndMutedUsersDocument, type ListedUserFieldsFragment } from '../../graphql/graphql';
import { Avatar } from '../../shared/components/avatar';
import { ErrorBox } from '../../shared/components/error-box';
import { ErrorBanner, SuccessBanner } from '../../shared/components/form-controls';
import { Spinner } from '../../shared/components/spinner';
import { useBlockMute } from '../blocks';
import { errorMessage } from '../../shared/lib/graphql-error';
import { SettingsSection } from './settings-section';

type Action = 'Unblock' | 'Unmute';

function personName(person: ListedUserFieldsFragment): string {
  return person.displayName?.trim() || 'User';
}

export function BlockedMutedSection() {
  const { data, loading, error } = useQuery(BlockedAndMutedUsersDocument, { fetchPolicy: 'cache-and-network' });
  const { unblock, unmute } = useBlockMute();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(action: Action, person: ListedUserFieldsFragment) {
    const key = `${action}:${person.id}`;
    setBusy(key);
    setFailure(null);
    setDone(null);
    try {
      if (action === 'Unblock') await unblock(person.id);
      else await unmute(person.id);
      setDone(`${action === 'Unblock' ? 'Unblocked' : 'Unmuted'} ${personName(person)}.`);
    } catch (actionError) {
      console.error(`Failed to ${action.toLowerCase()} user`, actionError);
      setFailure(errorMessage(actionError, `Failed to ${action.toLowerCase()} ${personName(person)}. Please try again.`));
    } finally {
      setBusy(null);
    }
  }

  function list(title: string, people: ListedUserFieldsFragment[], action: Action) {
    if (people.length === 0) return null;
    return (
      <div>
        <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
        <ul aria-label={title} className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {people.map((person) => {
            const name = personName(person);
            return (
              <li key={person.id} className="flex items-center gap-3 px-3 py-2">
                <Avatar photoURL={person.photoURL} photoSources={person.photoSources} name={name} size={36} />
                <span className="min-w-0 flex-1 truncate text-slate-900">{name}</span>
                <button
                  type="button"
                  aria-label={`${action} ${name}`}
                  disabled={busy !== null}
                  onClick={() => void run(action, person)}
                  className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-wait disabled:opacity-60 focus-ring"
                >
                  {busy === `${action}:${person.id}` ? `${action === 'Unblock' ? 'Unblocking' : 'Unmuting'}...` : action}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    );
  }

  let body: React.ReactNode;
  if (loading && !data) body = <Spinner label="Loading blocked and muted accounts" />;
  else if (error && !data) body = <ErrorBox message={errorMessage(error, 'Failed to load blocked and muted accounts')} />;
  else if (!data || (data.blockedUsers.length === 0 && data.mutedUsers.length === 0)) {
    body = <p className="text-sm text-slate-600">You have not blocked or muted anyone.</p>;
  } else {
    body = (
      <div className="space-y-4">
        {list('Blocked accounts', data.blockedUsers, 'Unblock')}
        {list('Muted accounts', data.mutedUsers, 'Unmute')}
      </div>
    );
  }

  return (
    <SettingsSection id="blocked-muted-heading" title="Blocked and muted accounts">
      <div className="space-y-4">
        <ErrorBanner message={failure} />
        <SuccessBanner message={done} />
        {body}
      </div>
    </SettingsSection>
  );
}
