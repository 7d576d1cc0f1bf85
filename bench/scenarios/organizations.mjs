// The organization page (issue 26): its header and its posts newest first, as the web's club page
// asks for them, the first page and a deep one, for the student actor (a member of the club).
// The dataset's biggest club is bench-club-0000 (dataset/generate.mjs, addOrganizations). Each
// request's statements are read by the SQL capture: the page is the organization's row and one
// statement for its posts.
import { gql, gqlRequest } from './graphql.mjs';

const PAGE = 10;
const DEPTH = 5;
export const ORGANIZATION_SLUG = 'bench-club-0000';

const ORGANIZATION_PAGE = `query OrganizationPage($slug: String!, $first: Int, $after: String) {
  organization(slug: $slug) {
    id slug name description category joinMode photoURL memberCount viewerRole viewerMembership viewerIsFollowing
    campus { id name }
    viewerCan { edit join leave postAs approve report }
    posts(first: $first, after: $after) {
      edges { cursor node { id caption tags videoUrl posterUrl createdAt likeCount viewerHasLiked commentCount
        author { id displayName photoURL } organization { id slug name photoURL } event { name startsAt place } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export async function organizationScenarios({ apiUrl, tokens }) {
  const variables = (after) => (after ? { slug: ORGANIZATION_SLUG, first: PAGE, after } : { slug: ORGANIZATION_SLUG, first: PAGE });
  // The deepest page up to DEPTH that the club has (a tiny dataset's club has fewer).
  let after = null;
  let depth = 1;
  for (; depth < DEPTH; depth++) {
    const data = await gql(apiUrl, tokens.student, ORGANIZATION_PAGE, variables(after));
    if (!data.organization) throw new Error(`${ORGANIZATION_SLUG} is not in the dataset (rebuild it)`);
    if (!data.organization.posts.pageInfo.hasNextPage) break;
    after = data.organization.posts.pageInfo.endCursor;
  }
  return [
    {
      id: 'organization-page',
      name: `Organization page with its posts, first page of ${PAGE}`,
      kind: 'read',
      request: gqlRequest(tokens.student, ORGANIZATION_PAGE, variables(null)),
    },
    {
      id: 'organization-page-deep',
      name: `Organization page, posts page ${depth}`,
      kind: 'read',
      request: gqlRequest(tokens.student, ORGANIZATION_PAGE, variables(after)),
    },
  ];
}
