import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { OwnProfileDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ProfileSkeleton } from '../../shared/components/skeleton';
import { ErrorBox } from '../../shared/components/error-box';
import { errorMessage } from '../../shared/lib/graphql-error';
import { fromDateKey } from '../../shared/lib/local-date';
import { CampusLine, FollowCounts, ProfileDetails, ProfileName, ProfileSection } from './profile-sections';
import { UserOrganizations } from '../organizations';
import { useNextPage } from '../../shared/hooks/use-next-page';
import { DeletePostControl } from '../post';

const POSTS_PAGE_SIZE = 12;

/** /profile: the signed-in user's own profile, read from the auth state and the `viewer` query (D2). */
export default function OwnProfilePage() {
  const { currentUser } = useAuth();
  const { data, loading, error, fetchMore } = useQuery(OwnProfileDocument, {
    variables: { first: POSTS_PAGE_SIZE },
    skip: !currentUser,
  });
  const fetchPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  const posts = data?.viewer?.posts;
  const { loadMore, loadingMore } = useNextPage(fetchPage, posts?.pageInfo.hasNextPage ?? false, posts?.pageInfo.endCursor ?? null);

  if (!currentUser) {
    return (
      <Centered>
        <p className="text-gray-700">No signed-in user found. Please log in to view your profile.</p>
      </Centered>
    );
  }
  if (loading && !data)
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-6">
        <ProfileSkeleton label="Loading profile" />
      </div>
    );
  if (error && !data) {
    const message = error instanceof Error ? errorMessage(error, 'Failed to fetch user data.') : 'An unexpected error occurred.';
    return (
      <Centered>
        <ErrorBox message={message} />
      </Centered>
    );
  }
  const user = data?.viewer;
  if (!user)
    return (
      <Centered>
        <p className="text-gray-700">No user data available.</p>
      </Centered>
    );

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-6">
      <section className="flex flex-col items-center gap-4 rounded-lg border border-gray-200 bg-white p-6 sm:flex-row sm:items-start">
        {user.photoURL ? (
          // The name is the heading beside it: a screen reader need not hear it twice.
          <img src={user.photoURL} alt="" className="h-28 w-28 shrink-0 rounded-full object-cover" />
        ) : (
          <div className="flex h-28 w-28 shrink-0 items-center justify-center rounded-full bg-gray-200 text-sm text-gray-600">No Photo</div>
        )}
        <div className="min-w-0 space-y-2 text-center sm:text-left">
          <ProfileName name={user.displayName?.trim() || 'No name provided'} verified={user.verified} />
          {user.email && <p className="text-sm text-gray-600">{user.email}</p>}
          <CampusLine campus={user.campus} />
          <FollowCounts followers={user.followerCount} following={user.followingCount} />
          <p className="text-sm text-gray-700">
            {user.dateOfBirth ? `Date of birth: ${fromDateKey(user.dateOfBirth).toLocaleDateString()}` : 'Date of birth: Unknown'}
          </p>
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

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-2xl px-4 py-10 text-center">{children}</div>;
}
