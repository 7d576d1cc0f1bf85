// Apollo Client for Campus Clips: HTTP for queries and mutations, graphql-ws for subscriptions,
// both carrying the Firebase ID token; relay-style pagination for every connection field we scroll.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { isSubscriptionOperation, relayStylePagination } from '@apollo/client/utilities';
import { Observable, type Subscription } from 'rxjs';

export type GetIdToken = () => Promise<string | null>;

function websocketUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${path}`;
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          homeFeed: relayStylePagination(),
          explore: relayStylePagination(['scope']),
          postsByTag: relayStylePagination(['tag']),
          events: relayStylePagination(['tag', 'from', 'to', 'scope', 'fromMyOrganizations']),
          organizations: relayStylePagination(['query', 'category', 'scope']),
          searchUsers: relayStylePagination(['query', 'scope']),
          search: relayStylePagination(['q', 'type', 'scope']),
          notifications: relayStylePagination(),
        },
      },
      User: {
        fields: {
          posts: relayStylePagination(),
          followers: relayStylePagination(),
          following: relayStylePagination(),
          organizations: relayStylePagination(),
        },
      },
      Organization: {
        fields: {
          posts: relayStylePagination(),
          upcomingEvents: relayStylePagination(),
          members: relayStylePagination(),
          pendingRequests: relayStylePagination(),
        },
      },
      Post: {
        fields: {
          comments: relayStylePagination(),
        },
      },
      // What the viewer may do (viewerCan) has no id: it belongs to its object, and each screen asks
      // for the answers it shows, so one screen's answers join another's instead of replacing them.
      PostViewerCan: { merge: true },
      CommentViewerCan: { merge: true },
      UserViewerCan: { merge: true },
      OrganizationViewerCan: { merge: true },
      ViewerCan: { merge: true },
      // A group of open reports has no id of its own: it is the reported post, comment or account.
      ReportGroup: { keyFields: ['targetType', 'targetId'] },
    },
  });
}

export function createApolloClient(getIdToken: GetIdToken): ApolloClient {
  const authLink = new SetContextLink(async (prevContext) => {
    const token = await getIdToken();
    const headers = { ...(prevContext.headers as Record<string, string> | undefined) };
    if (token) headers.authorization = `Bearer ${token}`;
    return { headers };
  });

  const httpLink = new HttpLink({ uri: '/graphql' });

  // The WebSocket client (graphql-ws, 3.2 kB gzip) loads with the first subscription, after the
  // screen that asks for it has painted; its socket opened lazily before too.
  let wsLink: Promise<ApolloLink> | null = null;
  const loadWsLink = () =>
    (wsLink ??= import('./ws-link').then(({ createWsLink }) =>
      createWsLink(websocketUrl('/graphql'), async () => {
        const token = await getIdToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      }),
    ));
  const lazyWsLink = new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let subscription: Subscription | null = null;
        let closed = false;
        loadWsLink().then(
          (link) => {
            if (!closed) subscription = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );

  const link = ApolloLink.split((operation) => isSubscriptionOperation(operation.query), lazyWsLink, ApolloLink.from([authLink, httpLink]));

  return new ApolloClient({ link, cache: createCache() });
}
