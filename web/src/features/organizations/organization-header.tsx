import { useState } from 'react';
import type { ApolloCache } from '@apollo/client';
import { Link } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import {
  FollowOrganizationDocument,
  JoinOrganizationDocument,
  LeaveOrganizationDocument,
  UnfollowOrganizationDocument,
  type OrganizationPageFieldsFragment,
} from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { errorMessage, rateLimitMessage, unverifiedMessage } from '../../shared/lib/graphql-error';
import { CATEGORY_LABELS, ROLE_LABELS, memberCountText } from './organization-labels';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { forgetMemberships } from './organization-cache';
import { ReportButton } from '../moderation';

const BUTTON =
  'rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60';
const PRIMARY = `${BUTTON} bg-indigo-600 text-white hover:bg-indigo-700`;
const SECONDARY = `${BUTTON} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
const QUIET =
  'rounded-md px-3 py-2 text-sm font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

type Organization = OrganizationPageFieldsFragment;

/** The failure's words: the api's gate (verify first), a rate limit, else its own message or the fallback. */
function failure(error: unknown, fallback: string): string {
  return unverifiedMessage(error) ?? rateLimitMessage(error) ?? errorMessage(error, fallback);
}

/**
 * The page's header (issue 26): picture, name, category, campus, member count, and what the viewer
 * may do: Join (or ask to), Requested, Member with Leave, Follow, Edit. Each control is shown only
 * where the organization's `viewerCan` allows it.
 */
export function OrganizationHeader({ organization }: { organization: Organization }) {
  const { currentUser } = useAuth();
  const [join, joining] = useMutation(JoinOrganizationDocument);
  const [leave, leaving] = useMutation(LeaveOrganizationDocument);
  const [follow, following] = useMutation(FollowOrganizationDocument);
  const [unfollow, unfollowing] = useMutation(UnfollowOrganizationDocument);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { viewerCan } = organization;
  const isRequest = organization.joinMode === 'REQUEST';
  const requested = organization.viewerMembership === 'REQUESTED';
  const member = organization.viewerMembership === 'MEMBER';

  const refresh = { update: (cache: ApolloCache) => forgetMemberships(cache, organization.id, currentUser?.uid) };

  async function handleJoin() {
    setProblem(null);
    setNotice(null);
    try {
      const { data } = await join({ variables: { id: organization.id }, ...refresh });
      const state = data?.joinOrganization.viewerMembership;
      setNotice(state === 'REQUESTED' ? 'Request sent. An officer will approve or decline it.' : `You joined ${organization.name}.`);
    } catch (error) {
      console.error('Failed to join the organization', error);
      setProblem(failure(error, 'Failed to join. Please try again.'));
    }
  }

  async function handleLeave() {
    setLeaveError(null);
    try {
      await leave({ variables: { id: organization.id }, ...refresh });
      setConfirmLeave(false);
      setNotice(requested ? 'Request withdrawn.' : `You left ${organization.name}.`);
    } catch (error) {
      console.error('Failed to leave the organization', error);
      // E.g. the last owner is refused until they hand over ownership: the api says so.
      setLeaveError(failure(error, 'Failed to leave. Please try again.'));
    }
  }

  async function handleFollow() {
    setProblem(null);
    setNotice(null);
    try {
      const options = {
        variables: { id: organization.id },
        // Home holds the posts of the organizations followed.
        update: (cache: ApolloCache) => {
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'homeFeed' });
          cache.gc();
        },
      };
      if (organization.viewerIsFollowing) await unfollow(options);
      else await follow(options);
    } catch (error) {
      console.error('Failed to change following', error);
      setProblem(
        failure(error, organization.viewerIsFollowing ? 'Failed to unfollow. Please try again.' : 'Failed to follow. Please try again.'),
      );
    }
  }

  const busy = joining.loading || leaving.loading;
  const followBusy = following.loading || unfollowing.loading;

  return (
    <section className="rounded-lg border border-gray-200 bg-white p-5 sm:p-6">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <OrganizationPicture photoURL={organization.photoURL} name={organization.name} size={96} />
        <div className="min-w-0 flex-1 space-y-1 text-center sm:text-left">
          <h1 className="break-words text-2xl font-bold text-gray-900">{organization.name}</h1>
          <p className="text-sm text-gray-700">
            <span className="sr-only">Category: </span>
            {CATEGORY_LABELS[organization.category]}
            {organization.campus && (
              <>
                {' · '}
                <span className="sr-only">Campus: </span>
                {organization.campus.name}
              </>
            )}
          </p>
          <p className="text-sm text-gray-700" data-testid="member-count">
            {memberCountText(organization.memberCount)}
            {isRequest && <span className="text-gray-600"> · joining by request</span>}
          </p>
          {organization.viewerRole && organization.viewerRole !== 'MEMBER' && (
            <p className="text-sm font-medium text-indigo-800">
              You are {organization.viewerRole === 'OWNER' ? 'the owner' : 'an officer'}.
            </p>
          )}
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
        {member && (
          <span className="inline-flex items-center gap-1 rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-800">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2.5}>
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {organization.viewerRole ? ROLE_LABELS[organization.viewerRole] : 'Member'}
          </span>
        )}
        {requested && <span className="rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">Requested</span>}
        {!member && !requested && viewerCan.join && (
          <button type="button" onClick={() => void handleJoin()} disabled={busy} className={PRIMARY}>
            {joining.loading ? (isRequest ? 'Sending request...' : 'Joining...') : isRequest ? 'Request to join' : 'Join'}
          </button>
        )}
        {(member || requested) && viewerCan.leave && (
          <button type="button" onClick={() => setConfirmLeave(true)} disabled={busy} className={SECONDARY}>
            {requested ? 'Withdraw request' : 'Leave'}
          </button>
        )}
        {viewerCan.follow && (
          <button
            type="button"
            onClick={() => void handleFollow()}
            disabled={followBusy}
            aria-pressed={organization.viewerIsFollowing}
            className={SECONDARY}
          >
            {organization.viewerIsFollowing ? 'Following' : 'Follow'}
          </button>
        )}
        {viewerCan.postAs && (
          <Link to={`/create-post?as=${encodeURIComponent(organization.slug)}`} className={SECONDARY}>
            Post as {organization.name}
          </Link>
        )}
        {viewerCan.edit && (
          <Link to={`/org/${encodeURIComponent(organization.slug)}/edit`} className={SECONDARY}>
            Edit organization
          </Link>
        )}
        {viewerCan.report && (
          <ReportButton
            targetType="ORGANIZATION"
            targetId={organization.id}
            authorId={null}
            authorName={organization.name}
            label="Report organization"
            className={QUIET}
          />
        )}
      </div>

      <div aria-live="polite">
        {notice && (
          <p role="status" className="mt-3 text-sm text-green-800">
            {notice}
          </p>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-700">
          {problem}
        </p>
      )}

      {confirmLeave && (
        <ConfirmDialog
          title={requested ? `Withdraw your request to join ${organization.name}?` : `Leave ${organization.name}?`}
          description={
            requested
              ? 'The officers will no longer see your request.'
              : isRequest
                ? 'To come back you will have to ask again and wait for an officer.'
                : 'You can join again at any time.'
          }
          confirmLabel={requested ? 'Withdraw request' : 'Leave'}
          busyLabel={requested ? 'Withdrawing...' : 'Leaving...'}
          busy={leaving.loading}
          error={leaveError}
          onConfirm={() => void handleLeave()}
          onCancel={() => {
            setConfirmLeave(false);
            setLeaveError(null);
          }}
        />
      )}
    </section>
  );
}
