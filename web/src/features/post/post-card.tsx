import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { PostCardFieldsFragment } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { Avatar } from '../../shared/components/avatar';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { VerifiedBadge } from '../../shared/components/verified-badge';
import { VideoPlayer } from '../../shared/components/video-player';
import { OpenFullScreenButton } from '../../shared/components/open-full-screen-button';
import { CaptionsButton } from '../../shared/components/captions-button';
import { pickCaptionTrack, useAutoplay, useCaptionLanguage, useCaptionsOn } from '../../shared/hooks/playback-preferences';
import { Toast, useToast } from '../../shared/components/toast';
import { Spinner } from '../../shared/components/spinner';
import { MentionText } from '../mentions';
import { RelativeTime } from '../../shared/components/relative-time';
import { ReportButton } from '../moderation';
import { PostEventPanel } from '../events';
import { DeletePostControl } from './delete-post-control';
import { ProcessingNotice } from './processing-notice';
import { useNowPlaying } from './now-playing';
import { ShareButton } from './share-button';
import { useToggleLike } from './use-toggle-like';

// The comments (their composer with @mention suggestions, the comment rules) load when a card opens
// them: a feed paints without them (18 kB gzip less before the first Home feed paint).
const CommentsPanel = lazy(() => import('./comments-panel').then((module) => ({ default: module.CommentsPanel })));

type PostCardProps = {
  post: PostCardFieldsFragment;
  /** The post's own page shows its comments at once. */
  commentsOpenAtStart?: boolean;
  /**
   * Given on the post's own page: a signed-out visitor's Like and Comment lead to /login, which
   * brings them back to this path (D15). Elsewhere Like is disabled for them.
   */
  signInReturnTo?: string;
  /** Opens the clip in the full-screen viewer (its button in the player's corner). */
  onOpen?: () => void;
  /** After its author deleted it from here. */
  onDeleted?: () => void;
};

const ACTION_CLASS =
  'flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

export function PostCard({ post, commentsOpenAtStart = false, signInReturnTo, onOpen, onDeleted }: PostCardProps) {
  const { currentUser } = useAuth();
  const cardRef = useRef<HTMLElement>(null);
  const { isActive, claim: claimPlayback } = useNowPlaying(post.id, cardRef);
  // Autoplay off (Settings, or the system's reduce motion): the card most in view plays only once
  // the student starts it; scrolled away, it waits to be started again.
  const autoplay = useAutoplay();
  const [startedByHand, setStartedByHand] = useState(false);
  if (!isActive && startedByHand) setStartedByHand(false);
  const isPlaying = isActive && (autoplay || startedByHand);
  const [captionsOn, setCaptionsOn] = useCaptionsOn();
  const [preferredLanguage] = useCaptionLanguage();
  const shownTrack = captionsOn ? pickCaptionTrack(post.captionTracks, preferredLanguage) : null;
  const [commentsOpen, setCommentsOpen] = useState(commentsOpenAtStart);
  const { message, tone, showToast, dismiss } = useToast();
  const toggleLike = useToggleLike(showToast);
  const panelId = useId();
  const nameId = useId();

  const authorName = post.author ? post.author.displayName || 'User' : 'Unknown User';
  const authorLink = post.author ? `/user/${encodeURIComponent(post.author.id)}` : '/';
  const organization = post.organization;
  // Whose clip it is to the viewer: the organization's when posted as one.
  const posterName = organization ? organization.name : authorName;
  const likeCount = Math.max(0, post.likeCount);
  const commentCount = Math.max(0, post.commentCount);
  const signInFirst = !currentUser && signInReturnTo !== undefined;

  return (
    // Phones (< 640 px): the card spans the screen edge to edge (whatever the page's padding) and
    // the video its full width; from 640 px on, the framed card as before.
    <article
      ref={cardRef}
      aria-labelledby={nameId}
      className="border-y border-gray-200 bg-white px-3 py-3 max-sm:mx-[calc(50%-50vw)] sm:rounded-lg sm:border sm:p-4 sm:shadow-sm"
    >
      <header className="mb-3 flex items-center gap-3">
        {organization ? (
          // Issue 26: posted as an organization: its name and picture, and underneath the person who
          // posted it (accountability stays with a person).
          <div className="flex min-w-0 items-center gap-3">
            <OrganizationPicture photoURL={organization.photoURL} name={organization.name} size={40} decorative />
            <div className="min-w-0">
              <Link
                to={`/org/${encodeURIComponent(organization.slug)}`}
                className="block truncate rounded-md font-semibold text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                <span id={nameId}>{organization.name}</span>
              </Link>
              <p className="flex min-w-0 items-center gap-1 text-xs text-gray-600">
                <span className="shrink-0">by</span>{' '}
                <Link
                  to={authorLink}
                  className="truncate rounded font-medium leading-6 text-gray-800 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  {authorName}
                </Link>
                {post.author?.verified && <VerifiedBadge size={12} className="text-indigo-600" />}
              </p>
            </div>
          </div>
        ) : (
          <>
            <Link
              to={authorLink}
              className="flex min-w-0 items-center gap-3 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <Avatar photoURL={post.author?.photoURL} photoSources={post.author?.photoSources} name={post.author?.displayName} size={40} />
              <span id={nameId} className="truncate font-semibold text-gray-900">
                {authorName}
              </span>
            </Link>
            {/* Outside the link: its name stays the author's name. */}
            {post.author?.verified && <VerifiedBadge className="-ml-1 text-indigo-600" />}
          </>
        )}
        <Link
          to={`/post/${encodeURIComponent(post.id)}`}
          className="ml-auto shrink-0 rounded text-xs text-gray-500 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <RelativeTime dateTime={post.createdAt} />
        </Link>
        {post.viewerCan.delete && (
          <DeletePostControl postId={post.id} authorId={post.author?.id} className="shrink-0" onDeleted={onDeleted} />
        )}
        {post.viewerCan.report && post.author && (
          <ReportButton
            targetType="POST"
            targetId={post.id}
            authorId={post.author.id}
            authorName={authorName}
            label="Report post"
            className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
        )}
      </header>

      <div className="relative max-sm:-mx-3">
        {post.status === 'READY' ? (
          <VideoPlayer
            src={post.videoUrl}
            poster={post.posterUrl}
            renditions={post.renditions}
            posterSources={post.posterSources}
            width={post.width}
            height={post.height}
            playing={isPlaying}
            loop
            onPlay={() => {
              setStartedByHand(true);
              claimPlayback();
            }}
            captionTracks={post.captionTracks}
            captionLanguage={shownTrack?.language ?? null}
            label={`Video by ${posterName}`}
            className="max-h-[70vh] object-contain max-sm:rounded-none"
          />
        ) : (
          <ProcessingNotice post={post} />
        )}
        {onOpen && post.status === 'READY' && (
          <OpenFullScreenButton postId={post.id} label={`Open clip by ${posterName} full screen`} onOpen={onOpen} />
        )}
        {post.status === 'READY' && post.captionTracks.length > 0 && (
          <CaptionsButton
            on={captionsOn}
            onToggle={() => setCaptionsOn(!captionsOn)}
            className={`absolute top-2 flex h-10 w-10 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-600 ${onOpen ? 'right-14' : 'right-2'}`}
          />
        )}
        {isPlaying && post.status === 'READY' && (
          <span className="pointer-events-none absolute left-2 top-2 rounded bg-indigo-600/90 px-2 py-0.5 text-xs font-semibold text-white">
            Now Playing
          </span>
        )}
      </div>

      <div className="mt-3 flex items-center gap-4">
        {signInFirst ? (
          <>
            <Link
              to="/login"
              state={{ returnTo: signInReturnTo }}
              aria-label={`Sign in to like (${likeCount} likes)`}
              className={ACTION_CLASS}
            >
              <HeartIcon filled={false} />
              <span data-testid="like-count">{likeCount}</span>
            </Link>
            <Link
              to="/login"
              state={{ returnTo: signInReturnTo }}
              aria-label={`Sign in to comment (${commentCount} comments)`}
              className={ACTION_CLASS}
            >
              <CommentIcon />
              <span data-testid="comment-count">{commentCount}</span>
            </Link>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => void toggleLike(post)}
              disabled={!currentUser}
              aria-pressed={post.viewerHasLiked}
              aria-label={`${post.viewerHasLiked ? 'Unlike' : 'Like'} (${likeCount} likes)`}
              className={`${ACTION_CLASS} disabled:cursor-not-allowed disabled:opacity-50`}
            >
              <HeartIcon filled={post.viewerHasLiked} />
              <span data-testid="like-count">{likeCount}</span>
            </button>
            <button
              type="button"
              onClick={() => setCommentsOpen((open) => !open)}
              aria-expanded={commentsOpen}
              aria-controls={panelId}
              aria-label={`Comments (${commentCount})`}
              className={ACTION_CLASS}
            >
              <CommentIcon />
              <span data-testid="comment-count">{commentCount}</span>
            </button>
          </>
        )}
        <ShareButton
          postId={post.id}
          title={`${posterName} on Campus Clips`}
          text={post.caption}
          onMessage={showToast}
          className="ml-auto"
        />
      </div>

      {post.caption && (
        <p className="mt-2 whitespace-pre-line break-words text-gray-900">
          <MentionText text={post.caption} mentions={post.mentions} />
        </p>
      )}
      <PostEventPanel post={post} />
      {post.tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/tags/${encodeURIComponent(tag)}`}
                className="text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      )}

      {commentsOpen && (
        <Suspense fallback={<Spinner label="Loading comments" className="py-2" />}>
          <CommentsPanel
            id={panelId}
            postId={post.id}
            commentCount={post.commentCount}
            onError={showToast}
            signInReturnTo={signInReturnTo}
          />
        </Suspense>
      )}
      <Toast message={message} tone={tone} onDismiss={dismiss} />
    </article>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`h-5 w-5 ${filled ? 'fill-red-500 stroke-red-500' : 'fill-none stroke-current'}`}
      strokeWidth={2}
    >
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}

function CommentIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth={2}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </svg>
  );
}

export default PostCard;
