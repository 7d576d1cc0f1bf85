// Two-panel frame of the sign-in and sign-up screens: a coloured side banner and the form.
import type { ReactNode } from 'react';

export function AuthCard({ banner, bannerText, children }: { banner: string; bannerText: string; children: ReactNode }) {
  return (
    <div className="grid w-full max-w-4xl overflow-hidden rounded-2xl bg-white shadow-lg md:grid-cols-5">
      <aside className="flex flex-col justify-center gap-3 bg-gradient-to-br from-indigo-600 to-violet-600 px-6 py-8 text-white md:col-span-2 md:px-8">
        <p className="text-2xl font-bold md:text-3xl">{banner}</p>
        <p className="text-indigo-100">{bannerText}</p>
      </aside>
      <div className="px-5 py-8 md:col-span-3 md:px-10">{children}</div>
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

export function GoogleButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex w-full items-center justify-center gap-3 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-base font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60 focus-ring"
    >
      {/* A file, not inline SVG: its path data was about 0.4 kB of the JavaScript before the login screen paints. */}
      <img src="/icons/google-g.svg" alt="" width={18} height={18} />
      {label}
    </button>
  );
}
