import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { OrganizationAbilityDocument, OrganizationsDocument, SuggestedOrganizationsDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { RowListSkeleton } from '../../shared/components/skeleton';
import { ErrorBox } from '../../shared/components/error-box';
import { Spinner } from '../../shared/components/spinner';
import { errorMessage } from '../../shared/lib/graphql-error';
import { useNextPage } from '../../shared/hooks/use-next-page';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { CampusScopeSwitch, scopeFromSearch, useViewerCampus, withScope } from '../campus';
import { directoryFiltersFromSearch, directoryVariables, withDirectoryFilters } from './directory-filters';
import { CATEGORIES, CATEGORY_LABELS } from './organization-labels';
import { OrganizationRow } from './organization-row';

const PAGE_SIZE = 20;
const SUGGESTION_COUNT = 6;
/** How long typing pauses before the search runs, so each keystroke is not a request. */
const TYPING_PAUSE_MS = 300;
const FIELD_CLASS =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';

/**
 * /organizations (issue 26): clubs and societies by name and category, the viewer's campus first
 * (the campus switch), suggestions from their interests, and the way to create one.
 */
export default function OrganizationsPage() {
  const { currentUser } = useAuth();
  const id = useId();
  const campus = useViewerCampus();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => directoryFiltersFromSearch(searchParams), [searchParams]);
  const scope = scopeFromSearch(searchParams);

  // The box holds what is typed; the address (and so the query) follows once typing pauses. A new
  // address (Back, a shared link) resets the box.
  const [text, setText] = useState(filters.query);
  const [queryInAddress, setQueryInAddress] = useState(filters.query);
  if (queryInAddress !== filters.query) {
    setQueryInAddress(filters.query);
    // The address following the box changes nothing in it (a space being typed stays).
    if (text.trim() !== filters.query) setText(filters.query);
  }
  useEffect(() => {
    // Nothing to write: no navigation at all (one would pull a link's new page back here).
    if (text.trim() === filters.query) return;
    const timer = setTimeout(() => {
      setSearchParams((current) => withDirectoryFilters(current, { ...directoryFiltersFromSearch(current), query: text }), {
        replace: true,
      });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filters.query, setSearchParams]);

  const variables = useMemo(() => directoryVariables(filters, scope, PAGE_SIZE), [filters, scope]);
  const list = useQuery(OrganizationsDocument, { variables, skip: !currentUser });
  const suggestions = useQuery(SuggestedOrganizationsDocument, { variables: { first: SUGGESTION_COUNT }, skip: !currentUser });
  const ability = useQuery(OrganizationAbilityDocument, { skip: !currentUser });

  const connection = list.data?.organizations;
  const { fetchMore } = list;
  const fetchPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const { loadMore, loadingMore, pageError } = useNextPage(fetchPage, hasNextPage, connection?.pageInfo.endCursor ?? null);
  const lastRowRef = useLoadMoreOnView(loadMore, hasNextPage && !pageError);

  const filtered = Boolean(filters.query || filters.category);
  const suggested = suggestions.data?.suggestedOrganizations ?? [];
  const listHeading = filters.query
    ? `Results for “${filters.query}”`
    : scope === 'MINE' && campus
      ? `Organizations at ${campus.name}`
      : 'All organizations';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Organizations</h1>
          <p className="mt-1 text-gray-600">Find clubs and societies, join them, and see what they are up to.</p>
        </div>
        {ability.data?.viewerCan.createOrganization && (
          <Link
            to="/organizations/new"
            className="shrink-0 rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            Create an organization
          </Link>
        )}
      </div>

      <div className="mt-4">
        <CampusScopeSwitch
          campus={campus}
          scope={scope}
          onChange={(next) => setSearchParams((current) => withScope(current, next))}
          listing="organizations"
        />
      </div>

      <form
        role="search"
        aria-label="Find organizations"
        onSubmit={(event) => event.preventDefault()}
        className="mb-6 flex flex-wrap gap-3"
      >
        <div className="min-w-0 flex-[2_1_14rem]">
          <label htmlFor={`${id}-query`} className="mb-1 block text-sm font-medium text-gray-900">
            Search organizations by name
          </label>
          <input
            id={`${id}-query`}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="e.g. chess, film, debate"
            autoComplete="off"
            className={FIELD_CLASS}
          />
        </div>
        <div className="min-w-0 flex-[1_1_10rem]">
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-gray-900">
            Category
          </label>
          <select
            id={`${id}-category`}
            value={filters.category ?? ''}
            onChange={(event) =>
              setSearchParams((current) =>
                withDirectoryFilters(current, {
                  ...directoryFiltersFromSearch(current),
                  category: (event.target.value || null) as typeof filters.category,
                }),
              )
            }
            className={FIELD_CLASS}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {!currentUser ? (
        <p className="text-gray-700">Sign in to find organizations.</p>
      ) : (
        <>
          {!filtered && suggested.length > 0 && (
            <section aria-labelledby={`${id}-suggested`} className="mb-8">
              <h2 id={`${id}-suggested`} className="mb-3 text-lg font-semibold text-gray-900">
                Suggested for you
              </h2>
              <ul className="space-y-3">
                {suggested.map((organization) => (
                  <OrganizationRow key={organization.id} organization={organization} />
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby={`${id}-list`}>
            <h2 id={`${id}-list`} className="mb-3 text-lg font-semibold text-gray-900">
              {listHeading}
            </h2>
            {!connection ? (
              list.error ? (
                <ErrorBox message={errorMessage(list.error, 'Failed to load organizations')} />
              ) : (
                <RowListSkeleton label="Loading organizations" count={3} />
              )
            ) : connection.edges.length === 0 ? (
              <p className="text-gray-600">
                {filtered ? 'No organizations match these filters.' : 'No organizations here yet. Create the first one!'}
              </p>
            ) : (
              <>
                <ul className="space-y-3" aria-label="Organizations">
                  {connection.edges.map(({ node }, index) => (
                    <OrganizationRow
                      key={node.id}
                      organization={node}
                      rowRef={index === connection.edges.length - 1 ? lastRowRef : undefined}
                    />
                  ))}
                </ul>
                {loadingMore && <Spinner label="Loading more organizations" />}
                {pageError ? (
                  <div className="mt-3 space-y-2">
                    <ErrorBox message={errorMessage(pageError, 'Failed to load organizations')} />
                    <button
                      type="button"
                      onClick={loadMore}
                      className="rounded-md border border-gray-300 px-3 py-1 text-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      Try again
                    </button>
                  </div>
                ) : null}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
