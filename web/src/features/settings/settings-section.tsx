import type { ReactNode } from 'react';

export function SettingsSection({
  id,
  title,
  tone = 'normal',
  children,
}: {
  id: string;
  title: string;
  tone?: 'normal' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border bg-white p-5 shadow-sm md:p-6 ${tone === 'danger' ? 'border-red-300' : 'border-slate-200'}`}
    >
      <h2 id={id} className={`mb-4 text-xl font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
