type SpinnerProps = { label?: string; className?: string };

/** A centred spinning ring; announced to screen readers as "Loading". */
export function Spinner({ label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex justify-center py-6 ${className}`}>
      <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export default Spinner;
