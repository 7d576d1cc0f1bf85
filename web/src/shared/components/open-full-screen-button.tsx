type OpenFullScreenButtonProps = {
  /** The post whose clip it opens: focus comes back here when the viewer closes (focusClipOpener). */
  postId: string;
  label: string;
  onOpen: () => void;
};

/**
 * The visible button in a player's top corner that opens its clip in the full-screen viewer. The
 * picture itself stays the native player's (its centre play button, its control bar): an invisible
 * tap area over it used to hide them.
 */
export function OpenFullScreenButton({ postId, label, onOpen }: OpenFullScreenButtonProps) {
  return (
    <button
      type="button"
      data-clip-open={postId}
      onClick={onOpen}
      aria-label={label}
      title="Full screen"
      className="absolute right-2 top-2 flex h-10 w-10 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-600"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth={2} strokeLinecap="round">
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      </svg>
    </button>
  );
}
