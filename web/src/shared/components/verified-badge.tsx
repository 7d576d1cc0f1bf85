// The verified-student badge (issue 25, D16): the account verified its university e-mail. An icon
// with a text label (read by screen readers, shown as a tooltip), never a colour alone.
export const VERIFIED_LABEL = 'Verified student';

/** `className` sets the colour too (indigo on white; white over a video). */
export function VerifiedBadge({ size = 16, className = 'text-indigo-600' }: { size?: number; className?: string }) {
  return (
    <svg
      role="img"
      aria-label={VERIFIED_LABEL}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={`inline-block shrink-0 ${className}`}
    >
      <title>{VERIFIED_LABEL}</title>
      {/* A rosette with a tick: the shape says "verified" even without colour. */}
      <path
        fill="currentColor"
        d="M12 1.5l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3L2.6 15.8l1-3.1-1-3.1 2.6-1.9 1-3 3.2.1z"
      />
      <path fill="none" stroke="white" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" d="M7.8 12.2l2.8 2.8 5.6-5.8" />
    </svg>
  );
}
