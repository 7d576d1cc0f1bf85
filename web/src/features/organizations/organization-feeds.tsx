// An organization's Posts (newest first) and Upcoming events (soonest first): post cards with
// infinite scroll and the full-screen viewer, as the other feeds have them; event cards carry
// Add to my calendar.
import { useCallback } from 'react';
import { useQuery } from '@apollo/client/react';
import { OrganizationEventsDocument, OrganizationPostsDocument } from '../../graphql/graphql';
import { FEED_PAGE_SIZE, FeedEmptyState, PostFeed } from '../feed';

export function OrganizationPosts({ slug, name }: { slug: string; name: string }) {
  const { data, loading, error, fetchMore } = useQuery(OrganizationPostsDocument, { variables: { slug, first: FEED_PAGE_SIZE } });
  const fetchNextPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  return (
    <PostFeed
      connection={data?.organization?.posts}
      loading={loading}
      error={error}
      fetchNextPage={fetchNextPage}
      name={`${name}: posts`}
      empty={<FeedEmptyState title="No posts yet." hint={`Posts ${name}'s officers make as the organization show here.`} />}
    />
  );
}

export function OrganizationEvents({ slug, name }: { slug: string; name: string }) {
  const { data, loading, error, fetchMore } = useQuery(OrganizationEventsDocument, { variables: { slug, first: FEED_PAGE_SIZE } });
  const fetchNextPage = useCallback((after: string) => fetchMore({ variables: { after } }), [fetchMore]);
  return (
    <PostFeed
      connection={data?.organization?.upcomingEvents}
      loading={loading}
      error={error}
      fetchNextPage={fetchNextPage}
      name={`${name}: upcoming events`}
      empty={<FeedEmptyState title="No upcoming events." hint={`Events ${name} announces show here, soonest first.`} />}
    />
  );
}
