// What a change of membership makes stale in the cache: the organization's lists, the viewer's own
// organizations (Post as, the profile) and the Events page's 'From my organizations'. Evicted, they
// are fetched again by whichever screen shows them next.
import type { ApolloCache } from '@apollo/client';

export function forgetMemberships(cache: ApolloCache, organizationId: string, viewerId: string | null | undefined) {
  const organization = cache.identify({ __typename: 'Organization', id: organizationId });
  if (organization) {
    cache.evict({ id: organization, fieldName: 'members' });
    cache.evict({ id: organization, fieldName: 'pendingRequests' });
  }
  const viewer = viewerId ? cache.identify({ __typename: 'User', id: viewerId }) : undefined;
  if (viewer) cache.evict({ id: viewer, fieldName: 'organizations' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'events' });
  cache.gc();
}
