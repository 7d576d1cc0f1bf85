// Frame of the short informational pages linked from the public header and footer (D12).
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../shared/hooks/document-title';

export function StaticPage({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:py-16">
      <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{intro}</p>
      <div className="mt-8 space-y-4 leading-relaxed text-slate-700">{children}</div>
    </article>
  );
}
