import { useEffect, useId, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { SearchPeopleDocument, SuggestedPeopleDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { RowListSkeleton } from '../../shared/components/skeleton';
import { ErrorBox } from '../../shared/components/error-box';
import { errorMessage } from '../../shared/lib/graphql-error';
import { PersonCard } from './person-card';
import { CampusScopeSwitch, scopeVariables, useCampusScope, useViewerCampus } from '../campus';

const SEARCH_PAGE_SIZE = 20;
const SUGGESTION_COUNT = 8;

/** Waits until typing pauses before searching, so each keystroke is not a request. */
function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** /community (D12): find people by name, and suggestions who share the viewer's interests. */
export default function CommunityPage() {
  const { currentUser } = useAuth();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const term = useDebounced(query.trim(), 300);
  const campus = useViewerCampus();
  const { scope, setScope } = useCampusScope();

  const search = useQuery(SearchPeopleDocument, {
    variables: { query: term, first: SEARCH_PAGE_SIZE, ...scopeVariables(scope) },
    skip: term.length === 0,
  });
  const suggestions = useQuery(SuggestedPeopleDocument, {
    variables: { first: SUGGESTION_COUNT },
    skip: !currentUser,
  });

  const results = search.data?.searchUsers;
  const signedIn = Boolean(currentUser);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-gray-900">Community</h1>
      <p className="mb-6 mt-1 text-gray-600">Find students on Campus Clips and follow the people you want to hear from.</p>
      <CampusScopeSwitch campus={campus} scope={scope} onChange={setScope} listing="people" />

      <form role="search" onSubmit={(event) => event.preventDefault()} className="mb-6">
        <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-gray-900">
          Search people by name
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by name..."
          autoComplete="off"
          className="w-full rounded-md border border-gray-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        />
      </form>

      {term && (
        <section aria-labelledby={`${searchId}-results`} className="mb-8">
          <h2 id={`${searchId}-results`} className="mb-3 text-lg font-semibold text-gray-900">
            Results for “{term}”
          </h2>
          {search.loading && !results ? (
            <RowListSkeleton label="Searching" count={2} />
          ) : search.error && !results ? (
            <ErrorBox message={errorMessage(search.error, 'Failed to search people')} />
          ) : results && results.edges.length > 0 ? (
            <>
              <ul className="space-y-3">
                {results.edges.map(({ node }) => (
                  <PersonCard key={node.id} person={node} signedIn={signedIn} />
                ))}
              </ul>
              {results.pageInfo.hasNextPage && (
                <button
                  type="button"
                  onClick={() => void search.fetchMore({ variables: { after: results.pageInfo.endCursor } }).catch(() => undefined)}
                  className="mt-3 rounded-md border border-gray-300 px-4 py-2 text-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  Show more people
                </button>
              )}
            </>
          ) : (
            <p className="text-gray-600">No people match “{term}”.</p>
          )}
        </section>
      )}

      <section aria-labelledby={`${searchId}-suggested`}>
        <h2 id={`${searchId}-suggested`} className="mb-3 text-lg font-semibold text-gray-900">
          People who share your interests
        </h2>
        {!signedIn ? (
          <p className="text-gray-600">Sign in to see students who share your interests.</p>
        ) : suggestions.loading && !suggestions.data ? (
          <RowListSkeleton label="Loading suggestions" count={3} />
        ) : suggestions.error && !suggestions.data ? (
          <ErrorBox message={errorMessage(suggestions.error, 'Failed to load suggestions')} />
        ) : suggestions.data && suggestions.data.suggestedUsers.length > 0 ? (
          <ul className="space-y-3">
            {suggestions.data.suggestedUsers.map((person) => (
              <PersonCard key={person.id} person={person} signedIn={signedIn} />
            ))}
          </ul>
        ) : (
          <p className="text-gray-600">No suggestions yet. Add interests in Settings to find people like you.</p>
        )}
      </section>
    </div>
  );
}
