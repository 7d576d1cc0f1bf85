type CaptionsButtonProps = {
  on: boolean;
  onToggle: () => void;
  className?: string;
};

/**
 * The CC switch over a clip that has captions (a card's corner, the viewer's top bar): pressed
 * while captions show. One choice for every clip (shared/hooks/playback-preferences.ts).
 */
export function CaptionsButton({ on, onToggle, className = '' }: CaptionsButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={on}
      aria-label="Captions"
      title={on ? 'Hide captions' : 'Show captions'}
      className={className}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        <rect x="3" y="5" width="18" height="14" rx="2" className={on ? 'fill-current' : ''} />
        <path d="M10.5 10.2a2.2 2.2 0 1 0 0 3.6M17 10.2a2.2 2.2 0 1 0 0 3.6" className={on ? 'stroke-black' : ''} strokeLinecap="round" />
      </svg>
    </button>
  );
}
