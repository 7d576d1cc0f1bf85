// The GraphQL IDE the api serves at GET /graphql (when GRAPHQL_IDE=on): GraphiQL, bundled with its
// Monaco editor workers (graphiql/setup-workers/vite), so it needs nothing from a CDN.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { campusFetcher } from './fetcher';

const DEFAULT_QUERY = `# Campus Clips GraphQL
#
# Write a query on the left and run it with Ctrl-Enter (the ▶ button). Ctrl-Space completes
# field names; the book icon opens the schema's documentation, the clock your history.
#
# Queries and mutations are sent to POST /graphql, subscriptions over WebSocket to /graphql.
# To act as a signed-in student, put your Firebase ID token in the Headers tab below.

query Explore {
  explore(first: 5) {
    edges {
      node { id caption tags likeCount author { id displayName } }
    }
    pageInfo { hasNextPage endCursor }
  }
}
`;

// The headers editor allows comments: the Authorization line waits, commented out, for a token.
const DEFAULT_HEADERS = `{
  // To act as a signed-in student, remove the two slashes and paste your Firebase ID token:
  // "Authorization": "Bearer <token>"
}
`;

createRoot(document.getElementById('graphiql')!).render(
  <StrictMode>
    <GraphiQL
      fetcher={campusFetcher(new URL(window.location.href))}
      defaultQuery={DEFAULT_QUERY}
      defaultHeaders={DEFAULT_HEADERS}
      defaultEditorToolsVisibility="headers"
    >
      <GraphiQL.Logo>Campus Clips GraphQL</GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
