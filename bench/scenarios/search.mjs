// Search (issue 27): the four searches of the issue as the web asks them (web/src/features/search/
// search.graphql), for the student actor. Each request's statements are read by the SQL capture and
// replayed as the floor, as the feeds' are. The words are the dataset's (dataset/generate.mjs:
// captions from a 31-word list, tags from a 20-word list, names from 36 first and 24 last names),
// so one caption word matches about a sixth of all posts: a hard case for ranking.
// The requests are the web's Search and SearchSuggestions operations with its variables (the
// student's own campus, the default: the web sends no scope then).
import { OPS, PAGE, gqlRequest } from './graphql.mjs';

/** The searches: what a student types, and where (a tab of /search, or the box's suggestions). */
export const SEARCHES = [
  { id: 'search-one-word', name: 'Search "library" (one word)', q: 'library', type: 'CLIPS' },
  { id: 'search-two-words', name: 'Search "library night" (two words)', q: 'library night', type: 'CLIPS' },
  { id: 'search-prefix', name: 'Suggestions for "libr" (a prefix, while typing)', q: 'libr', type: 'SUGGESTIONS' },
  { id: 'search-prefix-clips', name: 'Search "libr" (a prefix)', q: 'libr', type: 'CLIPS' },
  { id: 'search-misspelt-name', name: 'Search people "Pryia Patell" (misspelt)', q: 'Pryia Patell', type: 'PEOPLE' },
  { id: 'search-top', name: 'Search "library", Top (people, tags, events, clips)', q: 'library', type: 'TOP' },
];

export function searchScenarios({ tokens }) {
  return SEARCHES.map(({ id, name, q, type }) => ({
    id,
    name,
    kind: 'search',
    request:
      type === 'SUGGESTIONS'
        ? gqlRequest(tokens.student, OPS.searchSuggestions, { q, first: PAGE.suggestions })
        : gqlRequest(tokens.student, OPS.search, { q, type, first: PAGE.search }),
  }));
}
