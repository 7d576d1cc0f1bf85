// Feed scenarios: each is one request repeated by 16 connections, measured through the api and,
// for the floor, as the same SQL straight through pg. The requests are the web's own (HomeFeed,
// ExploreFeed: scenarios/graphql.mjs), with its page size and its variables.
import { OPS, PAGE, gql, gqlRequest, pageVariables } from './graphql.mjs';

export async function feedScenarios({ apiUrl, tokens, actors }) {
  const home = (token, after) => gqlRequest(token, OPS.homeFeed, pageVariables(PAGE.feed, after));
  // Every campus (scope ALL, as these figures were first measured), and the student's own campus
  // (MINE, the app's default: a third of the dataset's students, issue 25; the web sends no scope then).
  const explore = (token, after, scope = 'ALL') => gqlRequest(token, OPS.explore, pageVariables(PAGE.feed, after, { scope }));
  const home50 = await cursorBefore(apiUrl, tokens.student, OPS.homeFeed, 'homeFeed', 50);
  const explore50 = await cursorBefore(apiUrl, tokens.student, OPS.explore, 'explore', 50, { scope: 'ALL' });
  const campus50 = await cursorBefore(apiUrl, tokens.student, OPS.explore, 'explore', 50, { scope: 'MINE' });
  return [
    { id: 'home-first', name: 'Home feed, first page (follows 150)', request: home(tokens.student) },
    { id: 'home-50th', name: 'Home feed, 50th page', request: home(tokens.student, home50) },
    { id: 'explore-first', name: 'Explore, first page', request: explore(tokens.student) },
    { id: 'explore-50th', name: 'Explore, 50th page', request: explore(tokens.student, explore50) },
    { id: 'explore-campus', name: "Explore, the student's campus, first page", request: explore(tokens.student, null, 'MINE') },
    { id: 'explore-campus-50th', name: "Explore, the student's campus, 50th page", request: explore(tokens.student, campus50, 'MINE') },
    { id: 'home-following-10', name: `Home feed, follows ${actors.light.follows}`, request: home(tokens.light) },
    { id: 'home-following-5000', name: `Home feed, follows ${actors.heavy.follows}`, request: home(tokens.heavy) },
    {
      id: 'rest-feed',
      name: 'REST GET /api/posts/following/:uid (page 1)',
      request: {
        method: 'GET',
        path: `/api/posts/following/${actors.student.uid}?page=1&limit=${PAGE.feed}`,
        headers: { authorization: `Bearer ${tokens.student}` },
      },
    },
  ].map((scenario) => ({ ...scenario, kind: 'feed' }));
}

/** The cursor that asks for page `n`, found by paging from the first page as a client would. */
async function cursorBefore(apiUrl, token, query, field, n, variables = {}) {
  let after = null;
  for (let page = 1; page < n; page++) {
    const data = await gql(apiUrl, token, query, pageVariables(PAGE.feed, after, variables));
    if (!data[field].pageInfo.hasNextPage) throw new Error(`${field} has only ${page} pages for this actor`);
    after = data[field].pageInfo.endCursor;
  }
  return after;
}
