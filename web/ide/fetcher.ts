import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import type { FormattedExecutionResult } from 'graphql';
import { createClient, type Client, type Sink, type SubscribePayload } from 'graphql-ws';

/**
 * GraphiQL's fetcher for this origin's /graphql: queries and mutations are POSTs carrying the
 * headers editor's headers; subscriptions go over graphql-ws at the same path, with the headers
 * editor's Authorization as `connectionParams.authorization` (what the api's onConnect reads).
 * A socket is opened per token, lazily, and closed when its last subscription ends.
 */
export function campusFetcher(origin: URL): Fetcher {
  const url = new URL('/graphql', origin).toString();
  const socketUrl = url.replace(/^http/, 'ws');
  const byToken = new Map<string, Fetcher>();

  return (params, options) => {
    const authorization = headerValue(options?.headers, 'authorization') ?? '';
    let fetcher = byToken.get(authorization);
    if (!fetcher) {
      fetcher = createGraphiQLFetcher({
        url,
        wsClient: socketClient(socketUrl, authorization),
      });
      byToken.set(authorization, fetcher);
    }
    return fetcher(params, options);
  };
}

function socketClient(url: string, authorization: string): Client {
  const client = createClient({
    url,
    lazy: true,
    connectionParams: authorization ? { authorization } : {},
    // A refused token closes the socket with 4403: say so at once rather than retry five times.
    retryAttempts: 0,
  });
  return {
    ...client,
    subscribe<Data, Extensions>(payload: SubscribePayload, sink: Sink<FormattedExecutionResult<Data, Extensions>>) {
      return client.subscribe<Data, Extensions>(payload, {
        next: (value) => sink.next(value),
        complete: () => sink.complete(),
        // Handed on as a result: the toolkit turns a sink error into a rejected promise nobody
        // awaits (an "Uncaught (in promise)" beside the same message in the result pane).
        error: (error) => {
          sink.next({ errors: asErrors(error) });
          sink.complete();
        },
      });
    },
  };
}

/** What graphql-ws reports (the server's GraphQL errors, a CloseEvent, an Error) as GraphQL errors. */
function asErrors(error: unknown): Array<{ message: string }> {
  if (Array.isArray(error)) return error as Array<{ message: string }>;
  if (error && typeof error === 'object' && 'code' in error && 'reason' in error) {
    return [{ message: `Socket closed with event ${String(error.code)} ${String(error.reason)}`.trim() }];
  }
  return [{ message: error instanceof Error ? error.message : String(error) }];
}

/** A header from the headers editor, whatever its case ("Authorization", "authorization"). */
export function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name && typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}
