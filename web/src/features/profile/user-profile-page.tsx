import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { UserProfileDocument } from '../../graphql/graphql';
import { Avatar } from '../../shared/components/avatar';
import { ProfileSkeleton } from '../../shared/components/skeleton';
import { ErrorBox } from '../../shared/components/error-box';
import { FollowButton } from '../follows';
import { errorCode, errorMessage } from '../../shared/lib/graphql-error';
import { CampusLine, FollowCounts, ProfileDetails, ProfileName, ProfileSection } from './profile-sections';
import { UserOrganizations } from '../organizations';
import { ProfileSafetyActions } from './profile-safety-actions';
import { useNextPage } from '../../shared/hooks/use-next-page';
import { DeletePostControl } from '../post';

const POSTS_PAGE_SIZE = 12;

/** The server's answer when either of the two blocked the other; it never says who blocked whom. */
const NOT_AVAILABLE = 'This account is not available';

/** /user/:userId: another student's public profile with the Follow/Following toggle, Mute and Block. */
export default function UserProfilePage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, fetchMore } = useQuery(UserProfileDocument, {
    variables: { userId: userId ?? '', first: POSTS_PAGE_SIZE },
    skip: !userId,
  });
  const fetchPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  const posts = data?.user?.posts;
  const { loadMore, loadingMore } = useNextPage(fetchPage, posts?.pageInfo.hasNextPage ?? false, posts?.pageInfo.endCursor ?? null);

  const back = (
    <button
      type="button"
      onClick={() => navigate(-1)}
      className="rounded-md px-3 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      ← Back
    </button>
  );

  let body: React.ReactNode;
  if (!userId) body = <ErrorBox message="Missing user ID" />;
  else if (loading && !data) body = <ProfileSkeleton label="Loading profile" />;
  else if (error && !data && errorMessage(error, '') === NOT_AVAILABLE) {
    body = <p className="py-6 text-center text-gray-700">{NOT_AVAILABLE}</p>;
  } else if (error && !data) {
    body = <ErrorBox message={errorCode(error) === 'NOT_FOUND' ? 'User not found' : errorMessage(error, 'Failed to load user profile')} />;
  } else if (!data?.user) body = <p className="py-6 text-center text-gray-700">User not found</p>;
  else {
    const user = data.user;
    const name = user.displayName?.trim() || 'User';
    body = (
      <div className="space-y-4">
        <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 bg-white p-6 sm:flex-row sm:items-start">
          <Avatar photoURL={user.photoURL} photoSources={user.photoSources} name={name} size={112} />
          <div className="min-w-0 flex-1 space-y-2 text-center sm:text-left">
            <ProfileName name={name} verified={user.verified} />
            <CampusLine campus={user.campus} />
            <FollowCounts followers={user.followerCount} following={user.followingCount} />
          </div>
          <div className="flex shrink-0 flex-wrap items-center justify-center gap-2">
            <FollowButton user={user} />
            {user.viewerCan.block && <ProfileSafetyActions userId={user.id} name={name} />}
          </div>
        </section>
        <ProfileDetails
          user={user}
          posts={posts}
          loadingMore={loadingMore}
          onLoadMore={loadMore}
          postActions={(post) => post.viewerCan.delete && <DeletePostControl postId={post.id} authorId={user.id} />}
          organizations={
            <UserOrganizations userId={user.id} frame={(list) => <ProfileSection title="Organizations">{list}</ProfileSection>} />
          }
        />
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6">
      {back}
      {body}
    </div>
  );
}
