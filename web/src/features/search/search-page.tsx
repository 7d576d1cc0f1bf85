// /search?q=<text>&tab=<top|people|clips|tags|events|organizations> (issue 27): the query and the tab live in the
// address, so Back and reload keep them. Each tab pages with infinite scroll as the feeds do (the
// shared useNextPage: one page at a time, each after the previous landed); a clip opens in the
// full-screen player (?view=<postId>); an organization its page (/org/<slug>).
import { useCallback, useId, useMemo, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { checkSearchForm } from '@campus-clips/rules';
import { SearchDocument, type CampusScope, type PostCardFieldsFragment, type SearchQuery, type SearchType } from '../../graphql/graphql';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { useNextPage } from '../../shared/hooks/use-next-page';
import { useLoadMoreOnView } from '../../shared/lib/use-load-more-on-view';
import { errorMessage } from '../../shared/lib/graphql-error';
import { ErrorBox } from '../../shared/components/error-box';
import { RowListSkeleton } from '../../shared/components/skeleton';
import { Spinner } from '../../shared/components/spinner';
import { CampusScopeSwitch, scopeVariables, useCampusScope, useViewerCampus, withScope } from '../campus';
import { ClipPlayer, focusClipOpener, useClipPlayer } from '../player';
import { ClipResult, EventResult, OrganizationResult, PersonResult, TagResult } from './search-results';

export const SEARCH_PAGE_SIZE = 10;

/** The tabs, in order: the address's name, the api's list, the label, what an empty tab says it found none of. */
export const SEARCH_TABS = [
  { tab: 'top', type: 'TOP', label: 'Top', none: 'nothing' },
  { tab: 'people', type: 'PEOPLE', label: 'People', none: 'no people' },
  { tab: 'clips', type: 'CLIPS', label: 'Clips', none: 'no clips' },
  { tab: 'tags', type: 'TAGS', label: 'Tags', none: 'no tags' },
  { tab: 'events', type: 'EVENTS', label: 'Events', none: 'no upcoming events' },
  { tab: 'organizations', type: 'ORGANIZATIONS', label: 'Organizations', none: 'no organizations' },
] as const satisfies ReadonlyArray<{ tab: string; type: SearchType; label: string; none: string }>;

type Tab = (typeof SEARCH_TABS)[number];
type Edge = SearchQuery['search']['edges'][number];

function tabOf(name: string | null): Tab {
  return SEARCH_TABS.find((tab) => tab.tab === name) ?? SEARCH_TABS[0];
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const current = tabOf(params.get('tab'));
  // People, organizations, clips and events of the viewer's campus first (issue 25), as Explore and the directory.
  const campus = useViewerCampus();
  const { scope, setScope } = useCampusScope();
  const ids = useId();
  useDocumentTitle(q ? `Search: ${q}` : 'Search');

  // The api refuses what the rules refuse: say so before asking.
  const checked = checkSearchForm({ q });
  const problem = checked.ok ? null : (checked.problems.q ?? null);

  const show = (next: { q?: string; tab?: Tab }) => {
    const search = new URLSearchParams();
    search.set('q', next.q ?? q);
    const tab = next.tab ?? current;
    if (tab.tab !== 'top') search.set('tab', tab.tab);
    setParams(withScope(search, scope));
  };

  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: SEARCH_TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + SEARCH_TABS.length) % SEARCH_TABS.length;
    tabRefs.current[next]?.focus();
    show({ tab: SEARCH_TABS[next] });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Search</h1>
      {q && (
        <p className="mb-4 mt-1 text-gray-600">
          Results for <span className="font-semibold text-gray-900">“{q}”</span>
        </p>
      )}
      <CampusScopeSwitch campus={campus} scope={scope} onChange={setScope} listing="results" />
      <div role="tablist" aria-label="What to search" className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200">
        {SEARCH_TABS.map((tab, index) => {
          const selected = tab.tab === current.tab;
          return (
            <button
              key={tab.tab}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${ids}-tab-${tab.tab}`}
              aria-selected={selected}
              aria-controls={`${ids}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => show({ tab })}
              onKeyDown={(event) => handleTabKey(event, index)}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
                selected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-gray-600 hover:text-gray-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${current.tab}`}>
        {!q ? (
          <p className="text-gray-600">Search for people, organizations, clips, tags and events: type in the search box and press Enter.</p>
        ) : problem ? (
          <ErrorBox message={problem} />
        ) : (
          <SearchResults key={`${current.tab}:${scope}:${q}`} q={q} tab={current} scope={scope} />
        )}
      </div>
    </div>
  );
}

function SearchResults({ q, tab, scope }: { q: string; tab: Tab; scope: CampusScope }) {
  const variables = useMemo(() => ({ q, type: tab.type, first: SEARCH_PAGE_SIZE, ...scopeVariables(scope) }), [q, tab.type, scope]);
  const { data, loading, error, fetchMore } = useQuery(SearchDocument, { variables });
  const connection = data?.search;
  const fetchNextPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const { loadMore, loadingMore, pageError } = useNextPage(fetchNextPage, hasNextPage, connection?.pageInfo.endCursor ?? null);
  const lastRef = useLoadMoreOnView(loadMore, hasNextPage && !loadingMore);
  // Every post on the tab, in order, is what the player pages through.
  const player = useClipPlayer(useCallback((postId: string) => focusClipOpener(postId), []));

  if (loading && !connection) return <RowListSkeleton label="Searching" count={3} />;
  if (error && !connection) return <ErrorBox message={errorMessage(error, 'Search failed. Please try again.')} />;
  const edges = connection?.edges ?? [];
  if (edges.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <p className="font-semibold text-gray-900">
          {tab.tab === 'top' ? 'No results' : `${tab.none[0]!.toUpperCase()}${tab.none.slice(1)}`} for “{q}”
        </p>
        <p className="mt-1 text-sm text-gray-600">Check the spelling, try fewer words, or look in another tab.</p>
      </div>
    );
  }

  const posts = uniquePosts(edges);
  const last = edges[edges.length - 1];
  const sections: Array<{ kind: Edge['kind']; title: string }> =
    tab.type === 'TOP'
      ? [
          { kind: 'PEOPLE', title: 'People' },
          { kind: 'ORGANIZATIONS', title: 'Organizations' },
          { kind: 'TAGS', title: 'Tags' },
          { kind: 'EVENTS', title: 'Events' },
          { kind: 'CLIPS', title: 'Clips' },
        ]
      : [{ kind: tab.type, title: tab.label }];

  return (
    <>
      {sections.map(({ kind, title }) => {
        const found = edges.filter((edge) => edge.kind === kind);
        if (found.length === 0) return null;
        return (
          <section key={kind} aria-label={title} className="mb-6">
            {tab.type === 'TOP' && <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>}
            <ul className={kind === 'CLIPS' ? 'grid grid-cols-2 gap-3 sm:grid-cols-3' : 'space-y-3'}>
              {found.map((edge) => {
                const itemRef = edge === last ? lastRef : undefined;
                const node = edge.node;
                if (node.__typename === 'User') return <PersonResult key={node.id} person={node} itemRef={itemRef} />;
                if (node.__typename === 'Tag') return <TagResult key={node.name} tag={node} itemRef={itemRef} />;
                if (node.__typename === 'Organization') return <OrganizationResult key={node.id} organization={node} itemRef={itemRef} />;
                if (node.__typename !== 'Post') return null;
                const Result = kind === 'EVENTS' ? EventResult : ClipResult;
                return <Result key={node.id} post={node} onOpen={() => player.open(node.id)} itemRef={itemRef} />;
              })}
            </ul>
          </section>
        );
      })}
      {loadingMore && <Spinner label="Loading more results" />}
      {pageError !== null && <ErrorBox message={errorMessage(pageError, 'Could not load more results.')} />}
      {player.viewing && (
        <ClipPlayer
          posts={posts}
          currentId={player.viewing}
          hasNextPage={hasNextPage}
          loadMore={loadMore}
          onShow={player.show}
          onClose={player.close}
          listName={`Search: ${q}`}
        />
      )}
    </>
  );
}

/** The tab's posts in order, each once (Top may show an event post among its events and its clips). */
function uniquePosts(edges: readonly Edge[]): PostCardFieldsFragment[] {
  const seen = new Set<string>();
  const posts: PostCardFieldsFragment[] = [];
  for (const { node } of edges) {
    if (node.__typename !== 'Post' || seen.has(node.id)) continue;
    seen.add(node.id);
    posts.push(node);
  }
  return posts;
}
