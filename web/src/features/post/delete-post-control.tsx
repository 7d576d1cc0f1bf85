import { DeleteControl } from './delete-control';
import { useDeletePost } from './use-delete';

type DeletePostControlProps = {
  postId: string;
  authorId: string | null | undefined;
  className?: string;
  /** Once it is deleted (the post's own page leaves). */
  onDeleted?: () => void;
};

/** 'Delete post' with its confirmation; the caller shows it on the author's own posts only. */
export function DeletePostControl({ postId, authorId, className, onDeleted }: DeletePostControlProps) {
  const deletePost = useDeletePost();
  return (
    <DeleteControl
      label="Delete post"
      title="Delete this post?"
      description="Your video, its caption, likes and comments will be removed for everyone. This can't be undone."
      failureMessage="Failed to delete post. Please try again."
      onDelete={() => deletePost(postId, authorId, onDeleted)}
      className={className}
    />
  );
}
