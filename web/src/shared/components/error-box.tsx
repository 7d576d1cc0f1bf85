type ErrorBoxProps = { message: string; className?: string };

/** The red error box used by feeds, profiles and forms (spec §8). */
export function ErrorBox({ message, className = '' }: ErrorBoxProps) {
  return (
    <div role="alert" className={`rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700 ${className}`}>
      {message}
    </div>
  );
}

export default ErrorBox;
