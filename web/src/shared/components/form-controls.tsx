// Labelled inputs with their error underneath, a Show/Hide password field and the error/success
// banners shared by the account screens (sign-in, sign-up, settings).
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

const inputClass = (hasError: boolean) =>
  `w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
    hasError ? 'border-red-500' : 'border-slate-300'
  }`;

function describedBy(...ids: Array<string | false | undefined>) {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

export function TextField({ label, error, hint, className = '', ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
        className={inputClass(Boolean(error))}
        {...inputProps}
      />
      {hint !== undefined && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

export function PasswordField({ label, error, hint, className = '', ...inputProps }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && hintId, error && errorId)}
          className={`${inputClass(Boolean(error))} pr-16`}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-controls={id}
          className="absolute inset-y-0 right-0 my-1 mr-1 rounded px-3 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-ring"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint !== undefined && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function ErrorBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700">
      {message}
    </div>
  );
}

export function SuccessBanner({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800">
      {message}
    </div>
  );
}

/** The primary submit button: shown as active only when `ready` (spec: "styled as active only when the form is valid"). */
export function SubmitButton({ ready, busy, children }: { ready: boolean; busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className={`w-full rounded-md px-4 py-2.5 text-base font-semibold focus-ring ${
        ready && !busy ? 'bg-indigo-600 text-white hover:bg-indigo-700' : 'bg-indigo-100 text-indigo-800'
      }`}
    >
      {children}
    </button>
  );
}
