// A post's own page, /post/:id (D15): the clip with its comments open, for students and for
// signed-out visitors, who are asked to sign in to like or comment.
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { PostPageDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { Spinner } from '../../shared/components/spinner';
import { ErrorBox } from '../../shared/components/error-box';
import { callErrorMessage } from '../../shared/lib/graphql-error';
import { showFlashToast } from '../../shared/components/flash-toast';
import { CaptionTracksEditor, NowPlayingProvider, PostCard, Transcript, useMyPostUpdates } from '../post';
import { ClipPlayer, focusClipOpener, useClipPlayer } from '../player';

export default function PostPage() {
  const { id = '' } = useParams();
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const { currentUser } = useAuth();
  // Deleted here by its author: back to where they came from (Home when the page was opened
  // first), saying so; 'Post not found' is not for them.
  const [deleted, setDeleted] = useState(false);
  const leaveDeleted = () => {
    setDeleted(true);
    showFlashToast(POST_DELETED, 'info');
    // 'default': this page is the first of the visit, there is nothing of ours to go back to.
    if (key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  };
  // Asked again on every visit: what the viewer may see and whether they liked it change with who
  // is signed in, and a visitor who signs in from here comes straight back.
  const { data, loading, error, refetch } = useQuery(PostPageDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const post = data?.post ?? null;
  const authorName = post ? (post.author ? post.author.displayName || 'User' : 'Unknown User') : null;
  const notFound = Boolean(data) && !post;
  // Only its author sees a post while it is processing: follow it live until it is ready.
  useMyPostUpdates(post?.status === 'PROCESSING' ? [post.id] : []);
  useDocumentTitle(authorName ? `Clip by ${authorName}` : notFound ? 'Post not found' : null);
  // The clip also opens full screen (`?view=<id>`), as in the feeds.
  const player = useClipPlayer(focusClipOpener);

  let content;
  if (deleted) {
    content = null;
  } else if (post) {
    content = (
      <>
        <h1 className="sr-only">Clip by {authorName}</h1>
        {!currentUser && <SignInPrompt returnTo={pathname} />}
        {/* The one card autoplays when mostly in view, as in the feeds. */}
        <NowPlayingProvider paused={player.viewing !== null}>
          <PostCard
            post={post}
            commentsOpenAtStart
            signInReturnTo={currentUser ? undefined : pathname}
            onOpen={() => player.open(post.id)}
            onDeleted={leaveDeleted}
          />
        </NowPlayingProvider>
        <Transcript tracks={post.captionTracks} />
        {post.viewerCan.editCaptions && <CaptionTracksEditor postId={post.id} tracks={post.captionTracks} />}
        {player.viewing && (
          <ClipPlayer
            posts={[post]}
            currentId={player.viewing}
            hasNextPage={false}
            loadMore={noMorePages}
            onShow={player.show}
            onClose={player.close}
            listName={`Clip by ${authorName}`}
          />
        )}
      </>
    );
  } else if (notFound) {
    content = <PostNotFound signedIn={Boolean(currentUser)} returnTo={pathname} />;
  } else if (error) {
    content = (
      <div className="space-y-3">
        <ErrorBox
          message={callErrorMessage(error, {
            unreachable: 'Connection failed',
            noMessage: 'Failed to load post',
            otherwise: 'Failed to load post',
          })}
        />
        <button
          type="button"
          onClick={() => void refetch().catch(() => undefined)}
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Try again
        </button>
      </div>
    );
  } else if (loading) {
    content = <Spinner label="Loading post" />;
  }

  return <div className="mx-auto w-full max-w-2xl px-4 py-6">{content}</div>;
}

const noMorePages = () => undefined;

/** The confirmation after a post is deleted from its own page (the spec has no copy for it). */
const POST_DELETED = 'Post deleted';

function SignInPrompt({ returnTo }: { returnTo: string }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
      <p className="flex-1">Sign in to like or comment on this clip.</p>
      <Link
        to="/login"
        state={{ returnTo }}
        className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
      >
        Sign in
      </Link>
      <Link
        to="/signup"
        className="rounded-md border border-indigo-300 bg-white px-4 py-2 font-medium text-indigo-800 hover:bg-indigo-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        Sign up
      </Link>
    </div>
  );
}

function PostNotFound({ signedIn, returnTo }: { signedIn: boolean; returnTo: string }) {
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Post not found</h1>
      <p className="text-gray-600">This post does not exist, has been deleted, or is not available to you.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link
          to="/"
          className="rounded-md bg-indigo-600 px-6 py-2.5 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
        >
          Back to Home
        </Link>
        {!signedIn && (
          <Link
            to="/login"
            state={{ returnTo }}
            className="rounded-md border border-gray-300 bg-white px-6 py-2.5 font-semibold text-gray-800 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Sign in
          </Link>
        )}
      </div>
    </section>
  );
}
