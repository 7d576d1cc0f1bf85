// Where a verified-only action (post, comment) would be for an account that has not verified its
// e-mail yet (issue 25): a short explanation pointing at the verify banner.
export function VerifyFirstNote({ action, className = '' }: { action: string; className?: string }) {
  return (
    <p className={`rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className}`}>
      Verify your e-mail to {action}: open the link we sent you, then choose “I&apos;ve verified” in the banner at the top of the page.
    </p>
  );
}
