// Feed scenarios: each is one request repeated by 16 connections, measured through the api and,
// for the floor, as the same SQL straight through pg.
import { OPS, gql, gqlRequest } from './graphql.mjs';

const PAGE = 10;

export async function feedScenarios({ apiUrl, tokens, actors }) {
  const home = (token, after) => gqlRequest(token, OPS.homeFeed, after ? { first: PAGE, after } : { first: PAGE });
  const explore = (token, after) => gqlRequest(token, OPS.explore, after ? { first: PAGE, after } : { first: PAGE });
  const home50 = await cursorBefore(apiUrl, tokens.student, OPS.homeFeed, 'homeFeed', 50);
  const explore50 = await cursorBefore(apiUrl, tokens.student, OPS.explore, 'explore', 50);
  return [
    { id: 'home-first', name: 'Home feed, first page (follows 150)', request: home(tokens.student) },
    { id: 'home-50th', name: 'Home feed, 50th page', request: home(tokens.student, home50) },
    { id: 'explore-first', name: 'Explore, first page', request: explore(tokens.student) },
    { id: 'explore-50th', name: 'Explore, 50th page', request: explore(tokens.student, explore50) },
    { id: 'home-following-10', name: `Home feed, follows ${actors.light.follows}`, request: home(tokens.light) },
    { id: 'home-following-5000', name: `Home feed, follows ${actors.heavy.follows}`, request: home(tokens.heavy) },
    {
      id: 'rest-feed',
      name: 'REST GET /api/posts/following/:uid (page 1)',
      request: {
        method: 'GET',
        path: `/api/posts/following/${actors.student.uid}?page=1&limit=${PAGE}`,
        headers: { authorization: `Bearer ${tokens.student}` },
      },
    },
  ].map((scenario) => ({ ...scenario, kind: 'feed' }));
}

/** The cursor that asks for page `n`, found by paging from the first page as a client would. */
async function cursorBefore(apiUrl, token, query, field, n) {
  let after = null;
  for (let page = 1; page < n; page++) {
    const data = await gql(apiUrl, token, query, after ? { first: PAGE, after } : { first: PAGE });
    if (!data[field].pageInfo.hasNextPage) throw new Error(`${field} has only ${page} pages for this actor`);
    after = data[field].pageInfo.endCursor;
  }
  return after;
}
