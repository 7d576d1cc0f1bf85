import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Student, TestServer } from './test-server';

/** A live subscription of `student`'s over graphql-ws: next() resolves to the following event's data. */
export function liveComments(server: TestServer, student: Student, query: string, postId: string) {
  const client = createClient({
    url: server.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${student.token}` },
  });
  const events: any[] = [];
  const waiting: Array<(value: any) => void> = [];
  let failure: unknown = null;
  client.subscribe(
    { query, variables: { id: postId } },
    {
      next: (value) => {
        const resolve = waiting.shift();
        if (resolve) resolve(value.data);
        else events.push(value.data);
      },
      error: (error) => (failure = error),
      complete: () => undefined,
    },
  );
  return {
    next(): Promise<any> {
      if (failure) return Promise.reject(failure);
      if (events.length) return Promise.resolve(events.shift());
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => client.dispose(),
  };
}
