import { useId, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EventsDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { toDateKey } from '../../shared/lib/local-date';
import { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from './post-feed';
import { useFeedQuery } from './use-feed-query';
import { eventsVariables, filtersFromSearch, searchFromFilters, type EventsFilters } from './events-filters';
import { CampusScopeSwitch, scopeFromSearch, scopeVariables, useViewerCampus, withScope } from '../campus';

const CHOICE_CLASS =
  'rounded-md border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const chosen = (on: boolean) =>
  `${CHOICE_CLASS} ${on ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'}`;

/**
 * /events (issue 18): upcoming event posts from everyone on campus, soonest first, filtered by the
 * address; the viewer's campus unless the address says ?campus=all (issue 25).
 */
export default function EventsPage() {
  const { currentUser } = useAuth();
  const campus = useViewerCampus();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const scope = scopeFromSearch(searchParams);
  // Today is read once per filter change, so "This week" does not refetch on every render.
  const variables = useMemo(() => ({ ...eventsVariables(filters, FEED_PAGE_SIZE), ...scopeVariables(scope) }), [filters, scope]);
  // Apollo's relay-style field policy (shared/lib/apollo.ts) appends the next page, one list per filter.
  const feed = useFeedQuery(EventsDocument, 'events', variables, !currentUser);

  const setFilters = (next: EventsFilters) => setSearchParams(withScope(searchFromFilters(next), scope));
  const filtered = filters.when !== 'all' || filters.tag !== null || filters.myOrganizations;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Events</h1>
      <p className="mb-4 mt-1 text-gray-600">Upcoming events from everyone on campus, soonest first.</p>
      <CampusScopeSwitch
        campus={campus}
        scope={scope}
        onChange={(next) => setSearchParams(withScope(searchFromFilters(filters), next))}
        listing="events"
      />
      <EventsFilterBar filters={filters} onChange={setFilters} />
      {!currentUser ? (
        <p className="text-gray-700">You must be logged in to view posts</p>
      ) : (
        <PostFeed
          {...feed}
          name="Events"
          empty={
            filters.myOrganizations && filters.when === 'all' && filters.tag === null ? (
              <FeedEmptyState
                title="No upcoming events from your organizations."
                hint="Events your organizations announce show here. Find more organizations to join on the Organizations page."
              />
            ) : filtered ? (
              <FeedEmptyState title="No upcoming events match these filters." hint="Try another day or tag, or see all upcoming events." />
            ) : (
              <FeedEmptyState title="No upcoming events yet." hint="Post a clip and add an event to it: it will show here." />
            )
          }
        />
      )}
    </div>
  );
}

function EventsFilterBar({ filters, onChange }: { filters: EventsFilters; onChange: (next: EventsFilters) => void }) {
  const id = useId();
  // The tag box holds what is typed until it is applied; a new address (back, a shared link) resets it.
  const [tagText, setTagText] = useState(filters.tag ?? '');
  const [tagInAddress, setTagInAddress] = useState(filters.tag);
  if (tagInAddress !== filters.tag) {
    setTagInAddress(filters.tag);
    setTagText(filters.tag ?? '');
  }

  function applyTag(event: FormEvent) {
    event.preventDefault();
    const tag = tagText.trim().replace(/^#/, '');
    onChange({ ...filters, tag: tag || null });
  }

  return (
    <div className="mb-6 space-y-3 rounded-lg border border-gray-200 bg-white p-3">
      <div role="group" aria-label="When" className="flex flex-wrap items-end gap-2">
        <button
          type="button"
          aria-pressed={filters.when === 'all'}
          onClick={() => onChange({ ...filters, when: 'all', date: null })}
          className={chosen(filters.when === 'all')}
        >
          All upcoming
        </button>
        <button
          type="button"
          aria-pressed={filters.when === 'week'}
          onClick={() => onChange({ ...filters, when: 'week', date: null })}
          className={chosen(filters.when === 'week')}
        >
          This week
        </button>
        <div>
          <label htmlFor={`${id}-day`} className="block text-xs font-medium text-gray-700">
            On a day
          </label>
          <input
            id={`${id}-day`}
            type="date"
            min={toDateKey(new Date())}
            value={filters.date ?? ''}
            onChange={(event) =>
              onChange(event.target.value ? { ...filters, when: 'day', date: event.target.value } : { ...filters, when: 'all', date: null })
            }
            className={`${CHOICE_CLASS} ${filters.when === 'day' ? 'border-indigo-600' : 'border-gray-300'} bg-white text-gray-900`}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          aria-pressed={filters.myOrganizations}
          onClick={() => onChange({ ...filters, myOrganizations: !filters.myOrganizations })}
          className={chosen(filters.myOrganizations)}
        >
          From my organizations
        </button>
      </div>
      <form onSubmit={applyTag} role="search" aria-label="Filter events by tag" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-tag`} className="block text-xs font-medium text-gray-700">
            Tag
          </label>
          <input
            id={`${id}-tag`}
            type="text"
            value={tagText}
            onChange={(event) => setTagText(event.target.value)}
            placeholder="e.g. film"
            className="w-full rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm text-gray-900 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
        </div>
        <button type="submit" className={chosen(false)}>
          Filter by tag
        </button>
        {filters.tag && (
          <button type="button" onClick={() => onChange({ ...filters, tag: null })} className={chosen(false)}>
            Clear tag #{filters.tag}
          </button>
        )}
      </form>
    </div>
  );
}
