import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { OrganizationPageDocument, type OrganizationPageFieldsFragment } from '../../graphql/graphql';
import { ErrorBox } from '../../shared/components/error-box';
import { ProfileSkeleton } from '../../shared/components/skeleton';
import { errorCode, errorMessage } from '../../shared/lib/graphql-error';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { OrganizationHeader } from './organization-header';
import { OrganizationEvents, OrganizationPosts } from './organization-feeds';
import { OrganizationMembers } from './organization-members';
import { OrganizationModeration } from './organization-moderation';
import { JOIN_MODE_LABELS } from './organization-labels';

const TABS = [
  { key: 'about', label: 'About' },
  { key: 'posts', label: 'Posts' },
  { key: 'events', label: 'Upcoming events' },
  { key: 'members', label: 'Members' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function tabFromSearch(params: URLSearchParams): TabKey {
  const asked = params.get('tab');
  return TABS.find((tab) => tab.key === asked)?.key ?? 'about';
}

/** /org/:slug (issue 26): an organization's header, then About, Posts, Upcoming events and Members. */
export default function OrganizationPage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(OrganizationPageDocument, { variables: { slug }, skip: !slug });
  const organization = data?.organization;
  useDocumentTitle(organization ? organization.name : null);

  let body: ReactNode;
  if (loading && !data) body = <ProfileSkeleton label="Loading organization" tiles={0} />;
  else if (error && !data) {
    body = (
      <ErrorBox
        message={errorCode(error) === 'NOT_FOUND' ? 'Organization not found' : errorMessage(error, 'Failed to load organization')}
      />
    );
  } else if (!organization) {
    body = (
      <div className="py-6 text-center">
        <p className="text-gray-700">Organization not found</p>
        <Link to="/organizations" className="mt-2 inline-block text-sm font-medium text-indigo-700 underline focus-ring">
          Find organizations
        </Link>
      </div>
    );
  } else body = <OrganizationScreen organization={organization} />;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 px-4 py-6">
      <button
        type="button"
        onClick={() => navigate(-1)}
        className="rounded-md px-3 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        ← Back
      </button>
      {body}
    </div>
  );
}

function OrganizationScreen({ organization }: { organization: OrganizationPageFieldsFragment }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromSearch(searchParams);
  const id = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function choose(key: TabKey, focus = false) {
    // The tab is part of the address (a shared link opens Members); switching does not add history.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'about') next.delete('tab');
        else next.set('tab', key);
        next.delete('view');
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current[TABS.findIndex((t) => t.key === key)]?.focus();
  }

  // The tabs pattern: arrows move between tabs (and choose), Home and End go to the ends.
  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.key === tab);
    const last = TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    choose(TABS[target]!.key, true);
  }

  return (
    <div className="space-y-4">
      <OrganizationHeader organization={organization} />
      {organization.viewerCan.moderate && <OrganizationModeration organization={organization} />}
      <div
        role="tablist"
        aria-label={`${organization.name} sections`}
        className="grid grid-cols-2 gap-1 rounded-lg border border-gray-200 bg-white p-1 sm:flex sm:flex-wrap"
      >
        {TABS.map((t, index) => {
          const selected = t.key === tab;
          return (
            <button
              key={t.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${t.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(t.key)}
              onKeyDown={handleKeyDown}
              className={`shrink-0 rounded-md px-3 py-1.5 text-center text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                selected ? 'bg-indigo-600 text-white' : 'text-gray-700 hover:bg-gray-100'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} tabIndex={0} className="focus-ring rounded-lg">
        {tab === 'about' && <AboutPanel organization={organization} />}
        {tab === 'posts' && <OrganizationPosts slug={organization.slug} name={organization.name} />}
        {tab === 'events' && <OrganizationEvents slug={organization.slug} name={organization.name} />}
        {tab === 'members' && <OrganizationMembers organization={organization} />}
      </div>
    </div>
  );
}

function AboutPanel({ organization }: { organization: OrganizationPageFieldsFragment }) {
  const joinMode = JOIN_MODE_LABELS[organization.joinMode];
  return (
    <section className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 className="font-semibold text-gray-900">About</h2>
      {organization.description.trim() ? (
        <p className="whitespace-pre-line break-words text-gray-800">{organization.description}</p>
      ) : (
        <p className="text-gray-500">No description yet.</p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-gray-700">Joining</dt>
        <dd className="text-gray-800">
          {joinMode.label}: {joinMode.hint}
        </dd>
        <dt className="font-medium text-gray-700">Address</dt>
        <dd className="break-all text-gray-800">/org/{organization.slug}</dd>
      </dl>
    </section>
  );
}
