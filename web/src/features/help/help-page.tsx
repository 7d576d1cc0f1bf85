// Help Center (spec §2, D4): search that filters as you type, three cards, a one-open accordion
// and 'Still Need Help?'.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { config } from '../../shared/lib/config';
import { faqGroups } from './faq-content';
import { filterFaqGroups } from './faq-search';

const SUPPORT_HOURS = 'Monday to Friday, 9am to 5pm EST';

export default function HelpPage() {
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const searchId = useId();
  const groups = useMemo(() => faqGroups(config.supportEmail), []);
  const visibleGroups = filterFaqGroups(groups, query);
  const supportEmail = config.supportEmail;

  return (
    <div className="mx-auto max-w-4xl space-y-10">
      <header className="space-y-4">
        <h1 className="text-3xl font-bold text-slate-900">Help Center</h1>
        <div>
          <label htmlFor={searchId} className="sr-only">
            Search help topics
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search for help topics..."
            className="w-full rounded-lg border border-slate-300 bg-white px-4 py-3 text-base shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
        </div>
      </header>

      <section aria-label="Ways to get help" className="grid gap-4 md:grid-cols-3">
        <HelpCard title="Getting Started" text="New here? Create your profile, follow classmates and post your first clip.">
          <Link to="/settings" className="font-semibold text-indigo-700 underline focus-ring">
            Set up your profile
          </Link>
        </HelpCard>
        <HelpCard title="Contact Support" text={`Email us at ${supportEmail}. We typically respond within 72 hours.`}>
          <a href={`mailto:${supportEmail}`} className="font-semibold text-indigo-700 underline focus-ring">
            Write to support
          </a>
        </HelpCard>
        <HelpCard title="Report an Issue" text="Found a bug or content that breaks the rules? Tell us what happened and where.">
          <a
            href={`mailto:${supportEmail}?subject=${encodeURIComponent('Campus Clips issue report')}`}
            className="font-semibold text-indigo-700 underline focus-ring"
          >
            Report an issue
          </a>
        </HelpCard>
      </section>

      <section aria-labelledby="faq-heading" className="space-y-6">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Frequently Asked Questions
        </h2>
        {visibleGroups.length === 0 ? (
          <div role="status" className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">
            <p className="font-semibold">No help topics match &ldquo;{query.trim()}&rdquo;.</p>
            <p className="mt-1 text-sm">Try different words, or email {supportEmail} and we&apos;ll help.</p>
          </div>
        ) : (
          visibleGroups.map((group) => (
            <div key={group.title} className="space-y-2">
              <h3 className="text-lg font-semibold text-slate-800">{group.title}</h3>
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
                {group.items.map((item) => {
                  const open = openId === item.id;
                  return (
                    <li key={item.id}>
                      <h4>
                        <button
                          type="button"
                          id={`faq-q-${item.id}`}
                          aria-expanded={open}
                          aria-controls={`faq-a-${item.id}`}
                          onClick={() => setOpenId(open ? null : item.id)}
                          className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left font-medium text-slate-900 hover:bg-slate-50 focus-ring"
                        >
                          {item.question}
                          <span aria-hidden="true" className="text-xl text-slate-500">
                            {open ? '−' : '+'}
                          </span>
                        </button>
                      </h4>
                      <div
                        id={`faq-a-${item.id}`}
                        role="region"
                        aria-labelledby={`faq-q-${item.id}`}
                        hidden={!open}
                        className="px-4 pb-4 text-slate-700"
                      >
                        {item.answer}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))
        )}
      </section>

      <section aria-labelledby="still-need-help" className="rounded-xl bg-indigo-50 p-6 text-center">
        <h2 id="still-need-help" className="text-xl font-bold text-slate-900">
          Still Need Help?
        </h2>
        <p className="mt-2 text-slate-700">
          Our support team answers by e-mail at {supportEmail}, {SUPPORT_HOURS}. We typically respond within 72 hours.
        </p>
        <a
          href={`mailto:${supportEmail}`}
          className="mt-4 inline-block rounded-md bg-indigo-600 px-6 py-2.5 font-semibold text-white hover:bg-indigo-700 focus-ring"
        >
          Email Support
        </a>
      </section>
    </div>
  );
}

function HelpCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="flex-1 text-sm text-slate-600">{text}</p>
      <p className="text-sm">{children}</p>
    </div>
  );
}
