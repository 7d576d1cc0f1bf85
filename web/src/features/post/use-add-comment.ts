import { useCallback, useRef } from 'react';
import { useMutation } from '@apollo/client/react';
import { AddCommentDocument } from '../../graphql/graphql';
import type { CurrentUser } from '../../shared/session/auth-context';
import { errorMessage } from '../../shared/lib/graphql-error';
import { appendCommentToPost } from './comment-cache';

export const TEMP_COMMENT_PREFIX = 'temp-';

let tempCounter = 0;
function tempCommentId(): string {
  tempCounter += 1;
  return `${TEMP_COMMENT_PREFIX}${Date.now()}-${tempCounter}`;
}

/**
 * Optimistic comment (spec §4 "Comment submit", D5): a temp- comment shows at once; the server's
 * comment replaces it on success; on failure Apollo removes it and the caller restores the text.
 * `pendingTexts` lets the live subscription skip the echo of a comment we are still sending.
 */
export function useAddComment(postId: string) {
  const [addComment] = useMutation(AddCommentDocument);
  const pendingTexts = useRef(new Map<string, number>());

  const submit = useCallback(
    async (
      text: string,
      mentions: string[],
      author: CurrentUser,
      currentCount: number,
    ): Promise<{ ok: true } | { ok: false; message: string }> => {
      const pending = pendingTexts.current;
      pending.set(text, (pending.get(text) ?? 0) + 1);
      const optimisticComment = {
        __typename: 'Comment' as const,
        id: tempCommentId(),
        text,
        // Shown as written until the server's comment, with its mention links, replaces it.
        mentions: [],
        createdAt: new Date().toISOString(),
        author: { __typename: 'User' as const, id: author.uid, displayName: author.displayName, photoURL: author.photoURL },
        post: { __typename: 'Post' as const, id: postId, commentCount: currentCount + 1 },
        // Nothing to do to it while it is being sent; the server's comment brings its own answers.
        viewerCan: { __typename: 'CommentViewerCan' as const, delete: false, report: false },
      };
      try {
        await addComment({
          variables: { postId, text, mentions },
          optimisticResponse: { addComment: optimisticComment },
          update(cache, { data }) {
            if (data?.addComment) appendCommentToPost(cache, postId, data.addComment);
          },
        });
        return { ok: true };
      } catch (error) {
        console.error('Failed to add comment', error);
        return { ok: false, message: errorMessage(error, 'Failed to add comment') };
      } finally {
        const left = (pending.get(text) ?? 1) - 1;
        if (left > 0) pending.set(text, left);
        else pending.delete(text);
      }
    },
    [addComment, postId],
  );

  return { submit, pendingTexts };
}
