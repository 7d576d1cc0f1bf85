import { useCallback, useId, useState, type ReactNode } from 'react';
import type { ApolloCache } from '@apollo/client';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  DecideJoinRequestDocument,
  OrganizationJoinRequestsDocument,
  OrganizationMembersDocument,
  RemoveOrganizationMemberDocument,
  SetOrganizationOfficerDocument,
  TransferOrganizationOwnershipDocument,
  type OrganizationPageFieldsFragment,
  type OrganizationPersonFieldsFragment,
  type OrganizationRole,
} from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { Avatar } from '../../shared/components/avatar';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { ErrorBox } from '../../shared/components/error-box';
import { RowListSkeleton } from '../../shared/components/skeleton';
import { Spinner } from '../../shared/components/spinner';
import { VerifiedBadge } from '../../shared/components/verified-badge';
import { errorMessage, rateLimitMessage } from '../../shared/lib/graphql-error';
import { useNextPage } from '../../shared/hooks/use-next-page';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { ROLE_LABELS } from './organization-labels';
import { forgetMemberships } from './organization-cache';
import { memberActions, type MemberAction } from './member-actions';

const PAGE_SIZE = 20;
const SMALL_BUTTON =
  'rounded-md border px-2.5 py-1 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50';
const QUIET = `${SMALL_BUTTON} border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
const POSITIVE = `${SMALL_BUTTON} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`;

type Organization = OrganizationPageFieldsFragment;
type Person = OrganizationPersonFieldsFragment;

function personName(person: Person): string {
  return person.displayName?.trim() || 'User';
}

function PersonLink({ person }: { person: Person }) {
  const name = personName(person);
  return (
    <Link
      to={`/user/${encodeURIComponent(person.id)}`}
      className="flex min-w-0 items-center gap-3 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <Avatar photoURL={person.photoURL} name={name} size={40} />
      <span className="truncate font-medium text-gray-900">{name}</span>
      {person.verified && <VerifiedBadge />}
    </Link>
  );
}

/** The question each of the owner's and officers' changes asks first. */
function confirmation(action: MemberAction, person: Person, organization: Organization) {
  const name = personName(person);
  switch (action) {
    case 'remove':
      return {
        title: `Remove ${name} from ${organization.name}?`,
        description: `${name} will no longer be a member.${organization.joinMode === 'REQUEST' ? ' To come back they will have to ask again.' : ''}`,
        confirmLabel: 'Remove',
        busyLabel: 'Removing...',
      };
    case 'makeOfficer':
      return {
        title: `Make ${name} an officer?`,
        description: `Officers post and make events as ${organization.name}, approve requests to join and remove members.`,
        confirmLabel: 'Make officer',
        busyLabel: 'Saving...',
      };
    case 'removeOfficer':
      return {
        title: `Remove ${name} as an officer?`,
        description: `${name} stays a member but can no longer post as ${organization.name} or manage its members.`,
        confirmLabel: 'Remove as officer',
        busyLabel: 'Saving...',
      };
    case 'transferOwnership':
      return {
        title: `Hand over ${organization.name} to ${name}?`,
        description: `${name} becomes its owner and you become an officer. Only the new owner can give it back.`,
        confirmLabel: 'Hand over ownership',
        busyLabel: 'Handing over...',
      };
  }
}

const ACTION_LABELS: Record<MemberAction, string> = {
  makeOfficer: 'Make officer',
  removeOfficer: 'Remove as officer',
  transferOwnership: 'Make owner',
  remove: 'Remove',
};

/**
 * Members (issue 26), officers first; for officers the pending requests (Approve / Decline) above
 * them; Remove, Make officer / Remove as officer and Make owner where the api's answers allow,
 * each after a question.
 */
export function OrganizationMembers({ organization }: { organization: Organization }) {
  const { currentUser } = useAuth();
  const headingId = useId();
  const members = useQuery(OrganizationMembersDocument, { variables: { slug: organization.slug, first: PAGE_SIZE } });
  const connection = members.data?.organization?.members;
  const { fetchMore } = members;
  const fetchPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const { loadMore, loadingMore, pageError } = useNextPage(fetchPage, hasNextPage, connection?.pageInfo.endCursor ?? null);
  const lastRowRef = useLoadMoreOnView(loadMore, hasNextPage && !pageError);

  const [removeMember, removing] = useMutation(RemoveOrganizationMemberDocument);
  const [setOfficer, settingOfficer] = useMutation(SetOrganizationOfficerDocument);
  const [transferOwnership, transferring] = useMutation(TransferOrganizationOwnershipDocument);
  const [pending, setPending] = useState<{ action: MemberAction; person: Person } | null>(null);
  const [pendingError, setPendingError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = removing.loading || settingOfficer.loading || transferring.loading;

  async function run(action: MemberAction, person: Person) {
    setPendingError(null);
    const variables = { id: organization.id, userId: person.id };
    const options = { update: (cache: ApolloCache) => forgetMemberships(cache, organization.id, currentUser?.uid) };
    const name = personName(person);
    try {
      if (action === 'remove') await removeMember({ variables, ...options });
      else if (action === 'transferOwnership') await transferOwnership({ variables, ...options });
      else await setOfficer({ variables: { ...variables, officer: action === 'makeOfficer' }, ...options });
      setPending(null);
      setNotice(
        action === 'remove'
          ? `${name} was removed.`
          : action === 'makeOfficer'
            ? `${name} is now an officer.`
            : action === 'removeOfficer'
              ? `${name} is no longer an officer.`
              : `${name} is now the owner.`,
      );
    } catch (error) {
      console.error(`Failed to ${action}`, error);
      setPendingError(rateLimitMessage(error) ?? errorMessage(error, 'That did not work. Please try again.'));
    }
  }

  let list: ReactNode;
  if (!connection) {
    list = members.error ? (
      <ErrorBox message={errorMessage(members.error, 'Failed to load members')} />
    ) : (
      <RowListSkeleton label="Loading members" count={3} />
    );
  } else if (connection.edges.length === 0) {
    list = <p className="text-gray-600">No members yet.</p>;
  } else {
    list = (
      <ul className="divide-y divide-gray-100" aria-labelledby={headingId}>
        {connection.edges.map(({ node }, index) => {
          const actions = memberActions(organization.viewerCan, node.role, node.user.id === currentUser?.uid);
          return (
            <li
              key={node.user.id}
              ref={index === connection.edges.length - 1 ? lastRowRef : undefined}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
            >
              <PersonLink person={node.user} />
              <RoleBadge role={node.role} />
              {actions.length > 0 && (
                <div className="ml-auto flex flex-wrap gap-2">
                  {actions.map((action) => (
                    <button
                      key={action}
                      type="button"
                      onClick={() => setPending({ action, person: node.user })}
                      aria-label={`${ACTION_LABELS[action]}: ${personName(node.user)}`}
                      className={QUIET}
                    >
                      {ACTION_LABELS[action]}
                    </button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  const question = pending && confirmation(pending.action, pending.person, organization);
  return (
    <div className="space-y-6">
      {organization.viewerCan.approve && <JoinRequests organization={organization} />}
      <section className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 id={headingId} className="mb-2 font-semibold text-gray-900">
          Members
        </h2>
        <div aria-live="polite">
          {notice && (
            <p role="status" className="mb-2 text-sm text-green-800">
              {notice}
            </p>
          )}
        </div>
        {list}
        {loadingMore && <Spinner label="Loading more members" />}
        {pageError ? <ErrorBox message={errorMessage(pageError, 'Failed to load members')} /> : null}
      </section>
      {pending && question && (
        <ConfirmDialog
          {...question}
          busy={busy}
          error={pendingError}
          onConfirm={() => void run(pending.action, pending.person)}
          onCancel={() => {
            setPending(null);
            setPendingError(null);
          }}
        />
      )}
    </div>
  );
}

function RoleBadge({ role }: { role: OrganizationRole }) {
  if (role === 'MEMBER') return null;
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${role === 'OWNER' ? 'bg-indigo-600 text-white' : 'bg-indigo-50 text-indigo-800'}`}
    >
      {ROLE_LABELS[role]}
    </span>
  );
}

/** Requests to join, oldest first, for the officers: Approve or Decline each. */
function JoinRequests({ organization }: { organization: Organization }) {
  const { currentUser } = useAuth();
  const headingId = useId();
  const requests = useQuery(OrganizationJoinRequestsDocument, { variables: { slug: organization.slug, first: PAGE_SIZE } });
  const [decide] = useMutation(DecideJoinRequestDocument);
  const [deciding, setDeciding] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const connection = requests.data?.organization?.pendingRequests;
  const { fetchMore } = requests;

  async function handleDecision(person: Person, approve: boolean) {
    setDeciding(person.id);
    setProblem(null);
    try {
      await decide({
        variables: { id: organization.id, userId: person.id, approve },
        update: (cache) => forgetMemberships(cache, organization.id, currentUser?.uid),
      });
      setNotice(approve ? `${personName(person)} joined.` : `Declined ${personName(person)}'s request.`);
    } catch (error) {
      console.error('Failed to decide a join request', error);
      setProblem(rateLimitMessage(error) ?? errorMessage(error, 'That did not work. Please try again.'));
    } finally {
      setDeciding(null);
    }
  }

  const edges = connection?.edges ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-amber-200 bg-amber-50/40 p-4">
      <h2 id={headingId} className="mb-2 font-semibold text-gray-900">
        Requests to join{edges.length > 0 ? ` (${edges.length}${connection?.pageInfo.hasNextPage ? '+' : ''})` : ''}
      </h2>
      <div aria-live="polite">
        {notice && (
          <p role="status" className="mb-2 text-sm text-green-800">
            {notice}
          </p>
        )}
      </div>
      {problem && (
        <p role="alert" className="mb-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {!connection ? (
        requests.error ? (
          <ErrorBox message={errorMessage(requests.error, 'Failed to load requests')} />
        ) : (
          <RowListSkeleton label="Loading requests" count={1} />
        )
      ) : edges.length === 0 ? (
        <p className="text-sm text-gray-600">No requests waiting.</p>
      ) : (
        <>
          <ul className="divide-y divide-amber-100">
            {edges.map(({ node }) => {
              const name = personName(node.user);
              return (
                <li key={node.user.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                  <PersonLink person={node.user} />
                  <div className="ml-auto flex gap-2">
                    <button
                      type="button"
                      onClick={() => void handleDecision(node.user, true)}
                      disabled={deciding !== null}
                      aria-label={`Approve ${name}`}
                      className={POSITIVE}
                    >
                      Approve
                    </button>
                    <button
                      type="button"
                      onClick={() => void handleDecision(node.user, false)}
                      disabled={deciding !== null}
                      aria-label={`Decline ${name}`}
                      className={QUIET}
                    >
                      Decline
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {connection.pageInfo.hasNextPage && (
            <button
              type="button"
              onClick={() => void fetchMore({ variables: { after: connection.pageInfo.endCursor } }).catch(() => undefined)}
              className={`${QUIET} mt-2`}
            >
              Show more requests
            </button>
          )}
        </>
      )}
    </section>
  );
}
