// The Events page (issue 18): upcoming event posts soonest first, as the student sees them, the
// first page and a deep one (the 10th page of 10). The dataset makes 1 post in 20 an event over the
// next 60 days (dataset/generate.mjs). Each request's statements are read by the SQL capture.
import { gql, gqlRequest } from './graphql.mjs';

const PAGE = 10;
const DEPTH = 10;

const EVENTS = `query Events($first: Int!, $after: String) {
  events(first: $first, after: $after) {
    edges { cursor node { id caption posterUrl likeCount commentCount viewerHasLiked createdAt
      author { id displayName photoURL }
      event { name date startTime endTime timeZone startsAt endsAt place addedCount } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The first Events page and the DEPTH-th, for the student actor. */
export async function eventScenarios({ apiUrl, tokens }) {
  let after = null;
  for (let page = 1; page < DEPTH; page++) {
    const data = await gql(apiUrl, tokens.student, EVENTS, after ? { first: PAGE, after } : { first: PAGE });
    if (!data.events.pageInfo.hasNextPage) break;
    after = data.events.pageInfo.endCursor;
  }
  return [
    { id: 'events', name: `Events, first page of ${PAGE}`, kind: 'read', request: gqlRequest(tokens.student, EVENTS, { first: PAGE }) },
    {
      id: 'events-deep',
      name: `Events, page ${DEPTH} of ${PAGE}`,
      kind: 'read',
      request: gqlRequest(tokens.student, EVENTS, after ? { first: PAGE, after } : { first: PAGE }),
    },
  ];
}
