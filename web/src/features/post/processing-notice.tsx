import type { PostMediaFieldsFragment } from '../../graphql/graphql';

/**
 * What the author sees in place of the video until it is ready: 'Processing…' with how far it is,
 * or why it failed. Others never get such a post (the api shows only ready posts to them).
 */
export function ProcessingNotice({
  post,
}: {
  post: Pick<PostMediaFieldsFragment, 'status' | 'processingProgress' | 'failureMessage' | 'width' | 'height'>;
}) {
  const shape = post.width && post.height ? { aspectRatio: `${post.width} / ${post.height}` } : { aspectRatio: '9 / 16' };
  if (post.status === 'FAILED') {
    return (
      <div
        role="alert"
        style={shape}
        className="flex max-h-[70vh] w-full items-center justify-center rounded-md bg-red-50 p-4 text-center text-sm text-red-800"
      >
        {post.failureMessage ?? 'This video could not be processed.'}
      </div>
    );
  }
  const percent = Math.max(0, Math.min(100, post.processingProgress ?? 0));
  return (
    <div
      style={shape}
      className="flex max-h-[70vh] w-full flex-col items-center justify-center gap-3 rounded-md bg-gray-900 p-4 text-white"
    >
      <p className="font-semibold">Processing…</p>
      <div
        role="progressbar"
        aria-label="Processing your video"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-2/3 overflow-hidden rounded-full bg-gray-700"
      >
        <div className="h-full bg-indigo-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-gray-300">{percent}% · only you can see it until it is ready</p>
    </div>
  );
}
