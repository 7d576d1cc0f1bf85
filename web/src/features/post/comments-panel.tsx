import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useSubscription } from '@apollo/client/react';
import { CommentAddedDocument, PostCommentsDocument, type CommentFieldsFragment } from '../../graphql/graphql';
import { useAuth } from '../../app/auth/auth-context';
import { Avatar } from '../../components/avatar';
import { Spinner } from '../../components/spinner';
import { ErrorBox } from '../../components/error-box';
import { errorMessage } from '../../lib/graphql-error';
import { adjustCommentCount, appendCommentToPost } from './comment-cache';
import { TEMP_COMMENT_PREFIX, useAddComment } from './use-add-comment';

const COMMENTS_PAGE_SIZE = 20;
export const MAX_COMMENT_LENGTH = 1000;

type CommentsPanelProps = {
  id?: string;
  postId: string;
  commentCount: number;
  onError: (message: string) => void;
};

export function CommentsPanel({ id, postId, commentCount, onError }: CommentsPanelProps) {
  const { currentUser } = useAuth();
  const headingId = useId();
  const inputId = useId();
  const [text, setText] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { submit, pendingTexts } = useAddComment(postId);

  const { data, loading, error, fetchMore } = useQuery(PostCommentsDocument, {
    variables: { postId, first: COMMENTS_PAGE_SIZE },
  });

  // Other people's new comments arrive live; ours are added by the mutation, so skip their echo.
  useSubscription(CommentAddedDocument, {
    variables: { postId },
    skip: !currentUser,
    onData: ({ client, data: event }) => {
      const comment = event.data?.commentAdded;
      if (!comment) return;
      const isOwnPending = comment.author?.id === currentUser?.uid && pendingTexts.current.has(comment.text);
      if (isOwnPending) return;
      if (appendCommentToPost(client.cache, postId, comment)) adjustCommentCount(client.cache, postId, 1);
    },
  });

  const connection = data?.post?.comments;
  const comments: CommentFieldsFragment[] = connection?.edges.map((edge) => edge.node) ?? [];

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || !currentUser || submitting) return;
    setText('');
    setSubmitting(true);
    const result = await submit(trimmed, currentUser, data?.post?.commentCount ?? commentCount);
    setSubmitting(false);
    if (!result.ok) {
      setText(trimmed); // D5: the text is not lost
      onError(result.message);
    }
  }

  return (
    <section id={id} aria-labelledby={headingId} className="mt-3 border-t border-gray-200 pt-3">
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-gray-900">
        Comments
      </h2>
      <div className="max-h-[15rem] overflow-y-auto pr-1" tabIndex={0} aria-label="Comment list">
        {loading && !connection ? (
          <Spinner label="Loading comments" className="py-2" />
        ) : error && !connection ? (
          <ErrorBox message={errorMessage(error, 'Failed to load comments')} />
        ) : comments.length === 0 ? (
          <p className="text-sm text-gray-500">No comments yet. Be the first to comment!</p>
        ) : (
          <ul className="space-y-3">
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </ul>
        )}
        {connection?.pageInfo.hasNextPage && (
          <button
            type="button"
            onClick={() => void fetchMore({ variables: { after: connection.pageInfo.endCursor } }).catch(() => onError('Failed to load comments'))}
            className="mt-2 text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Show more comments
          </button>
        )}
      </div>

      {currentUser ? (
        <form onSubmit={handleSubmit} className="mt-3 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            Add a comment
          </label>
          <input
            id={inputId}
            type="text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Add a comment..."
            maxLength={MAX_COMMENT_LENGTH}
            disabled={submitting}
            className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:bg-gray-100"
          />
          <button
            type="submit"
            disabled={submitting || text.trim() === ''}
            className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Send
          </button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-gray-600">Please sign in to add a comment.</p>
      )}
    </section>
  );
}

function CommentItem({ comment }: { comment: CommentFieldsFragment }) {
  const pending = comment.id.startsWith(TEMP_COMMENT_PREFIX);
  const name = comment.author?.displayName || 'User';
  const authorLink = comment.author ? `/user/${encodeURIComponent(comment.author.id)}` : null;
  return (
    <li className={`flex gap-2 ${pending ? 'opacity-60' : ''}`} data-testid="comment">
      <Avatar photoURL={comment.author?.photoURL} name={comment.author?.displayName} size={28} />
      <div className="min-w-0 text-sm">
        <p>
          {authorLink ? (
            <Link to={authorLink} className="font-semibold text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
              {name}
            </Link>
          ) : (
            <span className="font-semibold text-gray-900">{name}</span>
          )}{' '}
          <time dateTime={comment.createdAt} className="text-xs text-gray-500">
            {new Date(comment.createdAt).toLocaleDateString()}
          </time>
          {pending && <span className="sr-only"> (sending)</span>}
        </p>
        <p className="break-words text-gray-800">{comment.text}</p>
      </div>
    </li>
  );
}
