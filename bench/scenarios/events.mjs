// The Events page (issue 18): upcoming event posts soonest first, as the student sees them, the
// first page and a deep one (the 10th page of 10). The dataset makes 1 post in 20 an event over the
// next 60 days (dataset/generate.mjs). Each request's statements are read by the SQL capture. The
// request is the web's Events operation with no filter (eventsVariables with the filters unset).
import { OPS, PAGE, gql, gqlRequest, pageVariables } from './graphql.mjs';

const DEPTH = 10;

/**
 * The first Events page and the DEPTH-th, for the student actor: every campus (scope ALL, as these
 * figures were first measured) and the student's own campus (MINE, the app's default, issue 25).
 */
export async function eventScenarios({ apiUrl, tokens }) {
  const deepCursor = async (scope) => {
    let after = null;
    for (let page = 1; page < DEPTH; page++) {
      const data = await gql(apiUrl, tokens.student, OPS.events, pageVariables(PAGE.feed, after, { scope }));
      if (!data.events.pageInfo.hasNextPage) break;
      after = data.events.pageInfo.endCursor;
    }
    return after;
  };
  const page = (scope, after) => gqlRequest(tokens.student, OPS.events, pageVariables(PAGE.feed, after, { scope }));
  return [
    { id: 'events', name: `Events, first page of ${PAGE.feed}`, kind: 'read', request: page('ALL') },
    { id: 'events-deep', name: `Events, page ${DEPTH} of ${PAGE.feed}`, kind: 'read', request: page('ALL', await deepCursor('ALL')) },
    { id: 'events-campus', name: `Events, the student's campus, first page of ${PAGE.feed}`, kind: 'read', request: page('MINE') },
    {
      id: 'events-campus-deep',
      name: `Events, the student's campus, page ${DEPTH} of ${PAGE.feed}`,
      kind: 'read',
      request: page('MINE', await deepCursor('MINE')),
    },
  ];
}
