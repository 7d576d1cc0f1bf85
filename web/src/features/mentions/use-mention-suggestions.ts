import { useEffect, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { MentionSuggestionsDocument, type MentionSuggestionsQuery } from '../../graphql/graphql';
import type { MentionTrigger } from './mentions';

/** A person an '@' offers. */
export type MentionOption = { id: string; displayName: string; photoURL: string | null };

export const MENTION_SUGGESTIONS = 5;
export const MENTION_DEBOUNCE_MS = 150;

type Results = { start: number; query: string; options: MentionOption[] };

function toOptions(data: MentionSuggestionsQuery | undefined, viewerId: string | null): MentionOption[] {
  const options: MentionOption[] = [];
  for (const { node } of data?.searchUsers.edges ?? []) {
    // Nobody is offered themselves, nor an account without a name to write.
    if (node.isViewer || node.id === viewerId || !node.displayName) continue;
    options.push({ id: node.id, displayName: node.displayName, photoURL: node.photoURL ?? null });
  }
  return options;
}

/**
 * The people to offer for the '@query' being typed: asked `MENTION_DEBOUNCE_MS` after the last
 * keystroke (searchUsers, the first five), never from the cache (the Community page pages through
 * the same field). While a newer query is on its way the previous answer for the same '@' stays
 * (when one query extends the other), so the list does not flicker; an answer for another '@' is
 * never shown.
 */
export function useMentionSuggestions(trigger: MentionTrigger | null, viewerId: string | null): MentionOption[] {
  const client = useApolloClient();
  const [results, setResults] = useState<Results | null>(null);
  const start = trigger?.start ?? -1;
  const query = trigger?.query.trim() ?? '';

  useEffect(() => {
    if (start < 0 || query === '') return;
    let current = true;
    const timer = setTimeout(() => {
      client
        .query({ query: MentionSuggestionsDocument, variables: { query, first: MENTION_SUGGESTIONS }, fetchPolicy: 'no-cache' })
        .then(({ data }) => {
          if (current) setResults({ start, query, options: toOptions(data, viewerId) });
        })
        .catch(() => {
          // Suggestions are a help, not the form: when they fail the field goes on as plain text.
          if (current) setResults({ start, query, options: [] });
        });
    }, MENTION_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, start, query, viewerId]);

  if (!trigger || query === '' || !results || results.start !== trigger.start) return [];
  // An earlier answer stays only while the query grows or shrinks from it (not once it was retyped).
  const [now, then] = [query.toLowerCase(), results.query.toLowerCase()];
  return now.startsWith(then) || then.startsWith(now) ? results.options : [];
}
