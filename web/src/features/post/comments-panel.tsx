import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useSubscription } from '@apollo/client/react';
import { checkCommentForm } from '@campus-clips/rules';
import { CommentAddedDocument, PostCommentsDocument, type CommentFieldsFragment } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { Avatar } from '../../shared/components/avatar';
import { Spinner } from '../../shared/components/spinner';
import { VerifyFirstNote } from '../../shared/components/verify-first-note';
import { ErrorBox } from '../../shared/components/error-box';
import { MentionField } from '../mentions';
import { MentionText } from '../mentions';
import { RelativeTime } from '../../shared/components/relative-time';
import { errorMessage } from '../../shared/lib/graphql-error';
import { adjustCommentCount, appendCommentToPost } from './comment-cache';
import { TEMP_COMMENT_PREFIX, useAddComment } from './use-add-comment';
import { ReportButton } from '../moderation';
import { DeleteControl } from './delete-control';
import { useDeleteComment } from './use-delete';

const COMMENTS_PAGE_SIZE = 20;

type CommentsPanelProps = {
  id?: string;
  postId: string;
  commentCount: number;
  onError: (message: string) => void;
  /** On the post's own page: 'sign in' links to /login, which brings the visitor back to this path. */
  signInReturnTo?: string;
};

export function CommentsPanel({ id, postId, commentCount, onError, signInReturnTo }: CommentsPanelProps) {
  const { currentUser } = useAuth();
  const headingId = useId();
  const inputId = useId();
  const problemId = useId();
  const [text, setText] = useState('');
  // The ids of the people mentioned whose '@Name' is in the text (the field keeps this up to date).
  const [mentions, setMentions] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { submit, pendingTexts } = useAddComment(postId);
  const deleteComment = useDeleteComment(postId);

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
  // Issue 25: the api says whether the viewer may comment (no until the e-mail is verified); until it
  // answers, the token's own email_verified stands in for it.
  const mayComment = data?.post?.viewerCan ? data.post.viewerCan.comment : Boolean(currentUser?.emailVerified);
  const comments: CommentFieldsFragment[] = connection?.edges.map((edge) => edge.node) ?? [];

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!currentUser || submitting) return;
    // The api's own check (@campus-clips/rules): a comment it would refuse is not sent.
    const checked = checkCommentForm({ text, mentions });
    if (!checked.ok) {
      setProblem(checked.problems.text ?? checked.problems.mentions ?? null);
      return;
    }
    const { text: trimmed, mentions: mentioned } = checked.value;
    setText('');
    setMentions([]);
    setSubmitting(true);
    const result = await submit(trimmed, mentioned, currentUser, data?.post?.commentCount ?? commentCount);
    setSubmitting(false);
    if (!result.ok) {
      setText(trimmed); // D5: the text is not lost
      setMentions(mentioned);
      onError(result.message);
    }
  }

  return (
    <section id={id} aria-labelledby={headingId} className="mt-3 border-t border-gray-200 pt-3">
      <h2 id={headingId} className="mb-2 text-sm font-semibold text-gray-900">
        Comments
      </h2>
      <div className="max-h-[15rem] overflow-y-auto pr-1" tabIndex={0} role="region" aria-label="Comment list">
        {loading && !connection ? (
          <Spinner label="Loading comments" className="py-2" />
        ) : error && !connection ? (
          <ErrorBox message={errorMessage(error, 'Failed to load comments')} />
        ) : comments.length === 0 ? (
          <p className="text-sm text-gray-500">No comments yet. Be the first to comment!</p>
        ) : (
          <ul className="space-y-3">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                onDelete={comment.viewerCan.delete ? () => deleteComment(comment.id) : undefined}
                reportable={comment.viewerCan.report}
              />
            ))}
          </ul>
        )}
        {connection?.pageInfo.hasNextPage && (
          <button
            type="button"
            onClick={() =>
              void fetchMore({ variables: { after: connection.pageInfo.endCursor } }).catch(() => onError('Failed to load comments'))
            }
            className="mt-2 text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Show more comments
          </button>
        )}
      </div>

      {currentUser && !mayComment ? (
        // Issue 25: commenting waits for a verified e-mail; the banner has the link and the check.
        <VerifyFirstNote action="comment" className="mt-3" />
      ) : currentUser ? (
        <>
          <form onSubmit={handleSubmit} className="mt-3 flex gap-2">
            <label htmlFor={inputId} className="sr-only">
              Add a comment
            </label>
            <MentionField
              id={inputId}
              value={text}
              onChange={(next) => {
                setText(next.text);
                setMentions(next.mentions);
                setProblem(null);
              }}
              placeholder="Add a comment..."
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              disabled={submitting}
              containerClassName="min-w-0 flex-1"
              className="w-full rounded-md border border-gray-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:bg-gray-100"
            />
            <button
              type="submit"
              disabled={submitting || text.trim() === ''}
              className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Send
            </button>
          </form>
          {problem && (
            <p id={problemId} role="alert" className="mt-1 text-sm text-red-600">
              {problem}
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-gray-600">
          {signInReturnTo === undefined ? (
            'Please sign in to add a comment.'
          ) : (
            <>
              Please{' '}
              <Link
                to="/login"
                state={{ returnTo: signInReturnTo }}
                className="font-medium text-indigo-700 underline hover:text-indigo-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                sign in
              </Link>{' '}
              to add a comment.
            </>
          )}
        </p>
      )}
    </section>
  );
}

type CommentItemProps = {
  comment: CommentFieldsFragment;
  /** Given only for the viewer's own comments. */
  onDelete?: () => Promise<unknown>;
  /** True for other people's comments when signed in: they can be reported. */
  reportable?: boolean;
};

function CommentItem({ comment, onDelete, reportable = false }: CommentItemProps) {
  const pending = comment.id.startsWith(TEMP_COMMENT_PREFIX);
  const name = comment.author?.displayName || 'User';
  const authorLink = comment.author ? `/user/${encodeURIComponent(comment.author.id)}` : null;
  return (
    <li className={`flex gap-2 ${pending ? 'opacity-60' : ''}`} data-testid="comment">
      <Avatar photoURL={comment.author?.photoURL} name={comment.author?.displayName} size={28} />
      <div className="min-w-0 text-sm">
        <p>
          {authorLink ? (
            <Link
              to={authorLink}
              className="font-semibold text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {name}
            </Link>
          ) : (
            <span className="font-semibold text-gray-900">{name}</span>
          )}{' '}
          <RelativeTime dateTime={comment.createdAt} className="text-xs text-gray-500" />
          {pending && <span className="sr-only"> (sending)</span>}
        </p>
        <p className="break-words text-gray-800">
          <MentionText text={comment.text} mentions={comment.mentions} />
        </p>
      </div>
      {onDelete && !pending && (
        <DeleteControl
          label="Delete comment"
          title="Delete this comment?"
          description="The comment will be removed for everyone. This can't be undone."
          failureMessage="Failed to delete comment. Please try again."
          onDelete={onDelete}
          className="ml-auto shrink-0 self-start"
        />
      )}
      {reportable && !pending && (
        <ReportButton
          targetType="COMMENT"
          targetId={comment.id}
          authorId={comment.author?.id}
          authorName={name}
          label="Report comment"
          className="ml-auto shrink-0 self-start rounded-md px-2 py-1 text-xs font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        />
      )}
    </li>
  );
}
