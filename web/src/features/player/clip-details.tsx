import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { PlayerClipQuery } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { Avatar } from '../../shared/components/avatar';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { VerifiedBadge } from '../../shared/components/verified-badge';
import { CaptionsButton } from '../../shared/components/captions-button';
import { FollowButton } from '../follows';
import { MentionText } from '../mentions';
import { CommentsPanel } from '../post';
import type { PlayerPost } from './player-types';

export type FullClip = NonNullable<PlayerClipQuery['post']>;

type ClipDetailsProps = {
  /** The clip as the list has it, and as the player asked for it (with the author's follow state) once that arrived. */
  post: PlayerPost;
  full: FullClip | null;
  likeCount: number;
  viewerHasLiked: boolean | undefined;
  onToggleLike: () => void;
  paused: boolean;
  onTogglePaused: () => void;
  muted: boolean;
  onToggleMuted: () => void;
  captionsOn: boolean;
  /** Absent when the clip has no captions (no CC button). */
  onToggleCaptions?: () => void;
  commentsOpen: boolean;
  onOpenComments: () => void;
  onCloseComments: () => void;
  onClose: () => void;
  onPrevious?: () => void;
  onNext?: () => void;
  onError: (message: string) => void;
};

const ROUND =
  'flex flex-col items-center gap-1 rounded-full p-2 text-xs font-semibold text-white drop-shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-40';

/**
 * What lies over the current clip: Close and Mute at the top; like, comments, play/pause and
 * previous/next on the right; the author (with Follow), caption and tags at the bottom; the
 * comments sheet. It stays mounted while the clips scroll beneath it, so focus is never lost.
 */
export function ClipDetails(props: ClipDetailsProps) {
  const { post, full, likeCount, viewerHasLiked, commentsOpen } = props;
  const { currentUser } = useAuth();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const sheetId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const author = full?.author ?? post.author ?? null;
  const authorName = author ? author.displayName || 'User' : 'Unknown User';
  const organization = full?.organization ?? post.organization ?? null;
  const mentions = full?.mentions ?? post.mentions;
  const comments = Math.max(0, full?.commentCount ?? post.commentCount);
  const likes = Math.max(0, likeCount);

  useEffect(() => {
    if (commentsOpen) sheetRef.current?.querySelector<HTMLElement>('button')?.focus();
  }, [commentsOpen]);

  return (
    <>
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center justify-between bg-linear-to-b from-black/60 to-transparent p-3">
        <button type="button" onClick={props.onClose} aria-label="Close viewer" className={`pointer-events-auto ${ROUND}`}>
          <Icon path="M6 6l12 12M18 6L6 18" />
        </button>
        <div className="flex items-center gap-1">
          {props.onToggleCaptions && (
            <CaptionsButton on={props.captionsOn} onToggle={props.onToggleCaptions} className={`pointer-events-auto ${ROUND}`} />
          )}
          <button
            type="button"
            onClick={props.onToggleMuted}
            aria-pressed={!props.muted}
            aria-label={props.muted ? 'Unmute' : 'Mute'}
            className={`pointer-events-auto ${ROUND}`}
          >
            <Icon
              path={
                props.muted
                  ? 'M4 9h4l5-4v14l-5-4H4zM17 9l4 6M21 9l-4 6'
                  : 'M4 9h4l5-4v14l-5-4H4zM17 8a5 5 0 0 1 0 8M19.5 5.5a8.5 8.5 0 0 1 0 13'
              }
            />
          </button>
        </div>
      </div>

      <div className="pointer-events-none absolute bottom-24 right-2 flex flex-col items-center gap-3 sm:right-6">
        <div className="pointer-events-auto flex flex-col items-center gap-1">
          <button type="button" onClick={props.onPrevious} disabled={!props.onPrevious} aria-label="Previous clip" className={ROUND}>
            <Icon path="M6 15l6-6 6 6" />
          </button>
          <button type="button" onClick={props.onNext} disabled={!props.onNext} aria-label="Next clip" className={ROUND}>
            <Icon path="M6 9l6 6 6-6" />
          </button>
        </div>
        {currentUser ? (
          <button
            type="button"
            onClick={props.onToggleLike}
            disabled={viewerHasLiked === undefined}
            aria-pressed={viewerHasLiked ?? false}
            aria-label={`${viewerHasLiked ? 'Unlike' : 'Like'} (${likes} likes)`}
            className={`pointer-events-auto ${ROUND}`}
          >
            <HeartIcon filled={viewerHasLiked === true} />
            <span data-testid="viewer-like-count">{likes}</span>
          </button>
        ) : (
          <Link to="/login" state={{ returnTo }} aria-label={`Sign in to like (${likes} likes)`} className={`pointer-events-auto ${ROUND}`}>
            <HeartIcon filled={false} />
            <span data-testid="viewer-like-count">{likes}</span>
          </Link>
        )}
        <button
          type="button"
          data-viewer-comments-button
          onClick={commentsOpen ? props.onCloseComments : props.onOpenComments}
          aria-expanded={commentsOpen}
          aria-controls={commentsOpen ? sheetId : undefined}
          aria-label={`Comments (${comments})`}
          className={`pointer-events-auto ${ROUND}`}
        >
          <Icon path="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
          <span data-testid="viewer-comment-count">{comments}</span>
        </button>
        <button
          type="button"
          onClick={props.onTogglePaused}
          aria-label={props.paused ? 'Play' : 'Pause'}
          className={`pointer-events-auto ${ROUND}`}
        >
          <Icon path={props.paused ? 'M7 5l12 7-12 7z' : 'M8 5v14M16 5v14'} />
        </button>
      </div>

      <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-linear-to-t from-black/80 via-black/50 to-transparent px-4 pb-5 pt-12">
        <div className="pointer-events-auto mr-16 max-w-xl">
          {organization && (
            // Issue 26: posted as an organization: its name first, then the person who posted it.
            <Link
              to={`/org/${encodeURIComponent(organization.slug)}`}
              className="mb-2 flex w-fit min-w-0 items-center gap-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              <OrganizationPicture photoURL={organization.photoURL} name={organization.name} size={36} decorative />
              <span className="truncate font-semibold text-white">{organization.name}</span>
            </Link>
          )}
          <div className="flex items-center gap-3">
            {organization && <span className="text-sm text-white/90">by</span>}
            {author ? (
              <Link
                to={`/user/${encodeURIComponent(author.id)}`}
                className="flex min-w-0 items-center gap-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <Avatar photoURL={author.photoURL} photoSources={author.photoSources} name={author.displayName} size={36} />
                <span className="truncate font-semibold text-white">{authorName}</span>
              </Link>
            ) : (
              <span className="font-semibold text-white">{authorName}</span>
            )}
            {author?.verified && <VerifiedBadge className="-ml-1 text-white" />}
            {full?.author && <FollowButton user={full.author} className="px-3 py-1" />}
          </div>
          {post.caption && (
            <p className="mt-2 line-clamp-3 whitespace-pre-line break-words text-sm text-white [&_a]:text-indigo-200">
              <MentionText text={post.caption} mentions={mentions} />
            </p>
          )}
          {post.tags.length > 0 && (
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/tags/${encodeURIComponent(tag)}`}
                    className="rounded text-sm font-semibold text-indigo-200 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {commentsOpen && (
        <Sheet id={sheetId} sheetRef={sheetRef} onClose={props.onCloseComments}>
          <CommentsPanel
            postId={post.id}
            commentCount={comments}
            onError={props.onError}
            signInReturnTo={currentUser ? undefined : returnTo}
          />
        </Sheet>
      )}
    </>
  );
}

function Sheet({
  id,
  sheetRef,
  onClose,
  children,
}: {
  id: string;
  sheetRef: React.RefObject<HTMLDivElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      ref={sheetRef}
      data-viewer-sheet
      className="absolute inset-x-0 bottom-0 z-10 max-h-[75%] overflow-y-auto rounded-t-2xl bg-white px-4 pb-4 pt-2 text-gray-900 shadow-2xl sm:mx-auto sm:max-w-lg"
    >
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Close comments
        </button>
      </div>
      {children}
    </div>
  );
}

function Icon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-7 w-7 fill-none stroke-current"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={`h-8 w-8 ${filled ? 'fill-red-500 stroke-red-500' : 'fill-none stroke-current'}`}
      strokeWidth={2}
    >
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}
