import type { ToastTone } from '../../shared/components/toast';

/** The address of a post's own page (D15), on the origin the app is served from. */
export function postPageUrl(postId: string): string {
  return `${window.location.origin}/post/${encodeURIComponent(postId)}`;
}

type ShareButtonProps = {
  postId: string;
  /** What the share sheet shows: the author's name and the caption. */
  title: string;
  text: string;
  onMessage: (message: string, tone?: ToastTone) => void;
  className?: string;
};

/**
 * Share: the system share sheet (Web Share API, on phones) where the browser has one, else the
 * post's link copied to the clipboard with 'Link copied'. Cancelling the share sheet says nothing.
 */
export function ShareButton({ postId, title, text, onMessage, className = '' }: ShareButtonProps) {
  async function share() {
    const url = postPageUrl(postId);
    const data = { title, text, url };
    if (typeof navigator.share === 'function' && (typeof navigator.canShare !== 'function' || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') return;
        // Refused (no user activation, a policy): copying still works.
      }
    }
    if (await copyText(url)) onMessage('Link copied', 'info');
    else onMessage(`Could not copy the link: ${url}`);
  }

  return (
    <button
      type="button"
      onClick={() => void share()}
      aria-label="Share post"
      className={`flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${className}`}
    >
      <ShareIcon />
      <span>Share</span>
    </button>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function ShareIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current" strokeWidth={2}>
      <path d="M4 12v7a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7M16 6l-4-4-4 4M12 2v13" />
    </svg>
  );
}
