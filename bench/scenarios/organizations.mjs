// The organization page (issue 26), as the web's club page asks for it: two requests, its header
// (OrganizationPage) and its posts newest first (OrganizationPosts, the Posts tab), the first page
// and a deep one, for the student actor (a member of the club). The dataset's biggest club is
// bench-club-0000 (dataset/generate.mjs, addOrganizations). Each request's statements are read by
// the SQL capture.
import { OPS, PAGE, gql, gqlRequest, pageVariables } from './graphql.mjs';

const DEPTH = 5;
export const ORGANIZATION_SLUG = 'bench-club-0000';

export async function organizationScenarios({ apiUrl, tokens }) {
  const variables = (after) => pageVariables(PAGE.feed, after, { slug: ORGANIZATION_SLUG });
  // The deepest page up to DEPTH that the club has (a tiny dataset's club has fewer).
  let after = null;
  let depth = 1;
  for (; depth < DEPTH; depth++) {
    const data = await gql(apiUrl, tokens.student, OPS.organizationPosts, variables(after));
    if (!data.organization) throw new Error(`${ORGANIZATION_SLUG} is not in the dataset (rebuild it)`);
    if (!data.organization.posts.pageInfo.hasNextPage) break;
    after = data.organization.posts.pageInfo.endCursor;
  }
  return [
    {
      id: 'organization-header',
      name: 'Organization page, its header',
      kind: 'read',
      request: gqlRequest(tokens.student, OPS.organizationPage, { slug: ORGANIZATION_SLUG }),
    },
    {
      id: 'organization-page',
      name: `Organization page, its posts, first page of ${PAGE.feed}`,
      kind: 'read',
      request: gqlRequest(tokens.student, OPS.organizationPosts, variables(null)),
    },
    {
      id: 'organization-page-deep',
      name: `Organization page, its posts, page ${depth}`,
      kind: 'read',
      request: gqlRequest(tokens.student, OPS.organizationPosts, variables(after)),
    },
  ];
}
