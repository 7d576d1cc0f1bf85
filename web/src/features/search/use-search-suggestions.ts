import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { LIMITS } from '@campus-clips/rules';
import { SearchSuggestionsDocument, type SearchSuggestionsQuery } from '../../graphql/graphql';

/** What the box offers: a person (opens their profile), a tag or an organization (opens its page). */
export type SearchSuggestion =
  | { kind: 'person'; key: string; id: string; displayName: string; photoURL: string | null }
  | { kind: 'tag'; key: string; name: string; postCount: number }
  | { kind: 'organization'; key: string; slug: string; name: string; photoURL: string | null };

export const SUGGESTIONS_PER_KIND = 5;
export const SUGGESTIONS_DEBOUNCE_MS = 200;

function toSuggestions(data: SearchSuggestionsQuery | undefined): SearchSuggestion[] {
  return (data?.searchSuggestions ?? []).flatMap((found): SearchSuggestion[] => {
    if (found.__typename === 'User') {
      return found.displayName
        ? [{ kind: 'person', key: `person:${found.id}`, id: found.id, displayName: found.displayName, photoURL: found.photoURL ?? null }]
        : [];
    }
    if (found.__typename === 'Tag') return [{ kind: 'tag', key: `tag:${found.name}`, name: found.name, postCount: found.postCount }];
    if (found.__typename === 'Organization') {
      return [
        { kind: 'organization', key: `organization:${found.id}`, slug: found.slug, name: found.name, photoURL: found.photoURL ?? null },
      ];
    }
    return [];
  });
}

/**
 * Suggestions for the text being typed: asked SUGGESTIONS_DEBOUNCE_MS after the last keystroke,
 * never from the cache. When the text changes, the request on its way is aborted (its fetch
 * cancelled, its answer never shown) before another is planned, so at most one is in flight. The
 * last answer is shown while the text only grows or shrinks from what it answered; a failure
 * offers nothing (the box still searches on Enter).
 */
export function useSearchSuggestions(text: string): SearchSuggestion[] {
  const client = useApolloClient();
  const q = text.trim();
  const [answer, setAnswer] = useState<{ q: string; suggestions: SearchSuggestion[] } | null>(null);

  useEffect(() => {
    if (!q || [...q].length > LIMITS.searchQuery) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      client
        .query({
          query: SearchSuggestionsDocument,
          variables: { q, first: SUGGESTIONS_PER_KIND },
          fetchPolicy: 'no-cache',
          context: { fetchOptions: { signal: controller.signal } },
        })
        .then(({ data }) => {
          if (!controller.signal.aborted) setAnswer({ q, suggestions: toSuggestions(data) });
        })
        .catch(() => {
          if (!controller.signal.aborted) setAnswer({ q, suggestions: [] });
        });
    }, SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [client, q]);

  if (!q || !answer) return [];
  // The last answer stays while the text grows or shrinks from it, so the list does not flicker.
  const [now, then] = [q.toLowerCase(), answer.q.toLowerCase()];
  return now.startsWith(then) || then.startsWith(now) ? answer.suggestions : [];
}
