// Shared frame of the Terms of Service and Privacy Policy pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/hooks/document-title';

export const LEGAL_LAST_UPDATED = 'March 12, 2025';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export function LegalDocument({ title, sections }: { title: string; sections: LegalSection[] }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <Link to="/signup" className="mb-6 inline-block rounded text-sm font-semibold text-indigo-700 hover:underline focus-ring">
        &larr; Back to Sign Up
      </Link>
      <h1 className="text-3xl font-bold text-slate-900 md:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated: {LEGAL_LAST_UPDATED}</p>
      <div className="mt-8 space-y-8">
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-section-${index}`}>
            <h2 id={`legal-section-${index}`} className="mb-2 text-xl font-semibold text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            <div className="space-y-3 leading-relaxed text-slate-700">{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
