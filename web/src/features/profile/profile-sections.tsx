import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProfilePostFieldsFragment } from '../../graphql/graphql';
import { VideoPlayer } from '../../shared/components/video-player';
import { OpenFullScreenButton } from '../../shared/components/open-full-screen-button';
import { ProcessingNotice, useMyPostUpdates } from '../post';
import { Spinner } from '../../shared/components/spinner';
import { VerifiedBadge } from '../../shared/components/verified-badge';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { ClipPlayer, focusClipOpener, useClipPlayer } from '../player';

/** The profile's name as its heading, with the verified-student badge beside it (issue 25). */
export function ProfileName({ name, verified }: { name: string; verified: boolean }) {
  return (
    <div className="flex items-center justify-center gap-2 sm:justify-start">
      <h1 className="min-w-0 break-words text-2xl font-bold text-gray-900">{name}</h1>
      {verified && <VerifiedBadge size={22} />}
    </div>
  );
}

/** The campus the account's university e-mail belongs to (issue 25); nothing when it has none. */
export function CampusLine({ campus }: { campus: { name: string } | null | undefined }) {
  if (!campus) return null;
  return (
    <p className="flex items-center justify-center gap-1.5 text-sm text-gray-700 sm:justify-start">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0 fill-none stroke-current" strokeWidth={2}>
        <path d="M3 9l9-5 9 5-9 5-9-5zM7 11.5V16c0 1.5 2.2 3 5 3s5-1.5 5-3v-4.5" />
      </svg>
      <span>
        <span className="sr-only">Campus: </span>
        {campus.name}
      </span>
    </p>
  );
}

/** Follower and following counts, never shown below 0. */
export function FollowCounts({ followers, following }: { followers: number; following: number }) {
  return (
    <ul className="flex justify-center gap-6 text-sm sm:justify-start">
      <li>
        <span className="font-semibold text-gray-900" data-testid="follower-count">
          {Math.max(0, followers)}
        </span>{' '}
        <span className="text-gray-600">Followers</span>
      </li>
      <li>
        <span className="font-semibold text-gray-900" data-testid="following-count">
          {Math.max(0, following)}
        </span>{' '}
        <span className="text-gray-600">Following</span>
      </li>
    </ul>
  );
}

export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="mb-2 font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

export function AboutText({ bio }: { bio: string | null | undefined }) {
  return bio?.trim() ? (
    <p className="whitespace-pre-line break-words text-gray-800">{bio}</p>
  ) : (
    <p className="text-gray-500">No bio available.</p>
  );
}

export function InterestChips({ interests }: { interests: string[] }) {
  if (interests.length === 0) return <p className="text-gray-500">No interests listed.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Interests">
      {interests.map((interest) => (
        <li key={interest} className="rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800">
          {interest}
        </li>
      ))}
    </ul>
  );
}

/** Controls shown on each post of the grid (Delete on one's own profile). */
type PostActions = (post: ProfilePostFieldsFragment) => ReactNode;

type PostsGridProps = {
  posts: ProfilePostFieldsFragment[];
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  postActions?: PostActions;
};

/** A user's posts: each a video with its caption and #tag chips; more load as the end nears. */
export function ProfilePostsGrid({ posts, hasNextPage, loadingMore, onLoadMore, postActions }: PostsGridProps) {
  const lastRef = useLoadMoreOnView(onLoadMore, hasNextPage && !loadingMore);
  useMyPostUpdates(posts.filter((post) => post.status === 'PROCESSING').map((post) => post.id));
  // A tile's clip opens in the full-screen player (`?view=<postId>`), which pages through these posts.
  const player = useClipPlayer(useCallback((postId: string) => focusClipOpener(postId), []));
  if (posts.length === 0) return <p className="text-gray-500">No posts yet.</p>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <li
            key={post.id}
            ref={index === posts.length - 1 ? lastRef : undefined}
            className="rounded-lg border border-gray-200 bg-white p-3"
          >
            {post.status === 'READY' ? (
              <div className="relative">
                <VideoPlayer
                  src={post.videoUrl}
                  poster={post.posterUrl}
                  renditions={post.renditions}
                  posterSources={post.posterSources}
                  width={post.width}
                  height={post.height}
                  label={post.caption || 'Post video'}
                />
                <OpenFullScreenButton
                  postId={post.id}
                  label={`Open clip full screen${post.caption ? `: ${post.caption}` : ''}`}
                  onOpen={() => player.open(post.id)}
                />
              </div>
            ) : (
              <ProcessingNotice post={post} />
            )}
            <div className="mt-2 flex items-center gap-2">
              <PostPageLink post={post} />
              {postActions && <div className="ml-auto">{postActions(post)}</div>}
            </div>
            {post.caption && <p className="mt-2 break-words text-sm text-gray-900">{post.caption}</p>}
            {post.tags.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/tags/${encodeURIComponent(tag)}`}
                      className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-700 hover:bg-gray-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {loadingMore && <Spinner label="Loading more posts" />}
      {player.viewing && (
        <ClipPlayer
          posts={posts}
          currentId={player.viewing}
          hasNextPage={hasNextPage}
          loadMore={onLoadMore}
          onShow={player.show}
          onClose={player.close}
          listName="Posts"
        />
      )}
    </>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A tile's like and comment counts, and the way to the post's own page (/post/:id). */
function PostPageLink({ post }: { post: ProfilePostFieldsFragment }) {
  const likes = Math.max(0, post.likeCount);
  const comments = Math.max(0, post.commentCount);
  return (
    <Link
      to={`/post/${encodeURIComponent(post.id)}`}
      aria-label={`Open post: ${plural(likes, 'like', 'likes')}, ${plural(comments, 'comment', 'comments')}`}
      className="flex items-center gap-3 rounded-md px-1 py-0.5 text-sm text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <span className="flex items-center gap-1">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2}>
          <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
        </svg>
        <span data-testid="tile-like-count">{likes}</span>
      </span>
      <span className="flex items-center gap-1">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current" strokeWidth={2}>
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        <span data-testid="tile-comment-count">{comments}</span>
      </span>
    </Link>
  );
}

type ProfileDetailsProps = {
  user: { bio: string | null | undefined; interests: string[]; postCount: number };
  posts: { edges: Array<{ node: ProfilePostFieldsFragment }>; pageInfo: { hasNextPage: boolean } } | null | undefined;
  loadingMore: boolean;
  onLoadMore: () => void;
  postActions?: PostActions;
  /** The organizations the student shows (issue 26), between Interests and the posts. */
  organizations?: ReactNode;
};

/** About, Interests, organizations and the posts grid: the part both profile screens show the same way. */
export function ProfileDetails({ user, posts, loadingMore, onLoadMore, postActions, organizations }: ProfileDetailsProps) {
  return (
    <>
      <ProfileSection title="About">
        <AboutText bio={user.bio} />
      </ProfileSection>
      <ProfileSection title="Interests">
        <InterestChips interests={user.interests} />
      </ProfileSection>
      {organizations}
      <ProfileSection title={`${Math.max(0, user.postCount)} Posts`}>
        <ProfilePostsGrid
          posts={posts?.edges.map((edge) => edge.node) ?? []}
          hasNextPage={posts?.pageInfo.hasNextPage ?? false}
          loadingMore={loadingMore}
          onLoadMore={onLoadMore}
          postActions={postActions}
        />
      </ProfileSection>
    </>
  );
}
