import type { ApolloCache, Reference } from '@apollo/client';
import { CommentFieldsFragmentDoc, type CommentFieldsFragment } from '../../graphql/graphql';

type StoredConnection = { edges?: Array<{ node: Reference }>; pageInfo?: unknown } & Record<string, unknown>;

/**
 * Appends a comment to a post's cached comment list unless it is already there (the
 * commentAdded subscription and the addComment response can both deliver the same comment).
 * Returns true when the comment was added.
 */
export function appendCommentToPost(cache: ApolloCache, postId: string, comment: CommentFieldsFragment): boolean {
  const postCacheId = cache.identify({ __typename: 'Post', id: postId });
  if (!postCacheId) return false;
  const commentRef = cache.writeFragment({
    fragment: CommentFieldsFragmentDoc,
    fragmentName: 'CommentFields',
    data: {
      __typename: 'Comment',
      ...comment,
      author: comment.author ? { __typename: 'User', ...comment.author } : null,
    } as CommentFieldsFragment,
  });
  if (!commentRef) return false;
  let added = false;
  cache.modify({
    id: postCacheId,
    fields: {
      comments(existing, { readField }) {
        const connection = existing as StoredConnection | undefined;
        if (!connection || !Array.isArray(connection.edges)) return existing;
        if (connection.edges.some((edge) => readField('id', edge.node) === comment.id)) return existing;
        added = true;
        return { ...connection, edges: [...connection.edges, { __typename: 'CommentEdge', cursor: '', node: commentRef }] };
      },
    },
  });
  return added;
}

/** Adds `delta` to a post's cached comment count, never going below 0. */
export function adjustCommentCount(cache: ApolloCache, postId: string, delta: number) {
  const postCacheId = cache.identify({ __typename: 'Post', id: postId });
  if (!postCacheId) return;
  cache.modify({
    id: postCacheId,
    fields: { commentCount: (count) => Math.max(0, (typeof count === 'number' ? count : 0) + delta) },
  });
}
