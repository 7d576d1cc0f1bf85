import WebSocket from 'ws';

/**
 * One graphql-ws connection as a browser tab holds it, spoken by hand (graphql-transport-ws) so a
 * test sees exactly what the server does: every event of each subscription, in order, and how and
 * when the socket is closed (graphql-ws's own client would reconnect and hide that).
 */
export interface LiveSocket {
  /** Starts a subscription; its events are read with next(id). */
  subscribe(id: string, query: string, variables?: Record<string, unknown>): void;
  /** The next event's `data` of subscription `id`; rejects after `timeoutMs` (or when the socket closes). */
  next(id: string, timeoutMs?: number): Promise<any>;
  /** Every event's `data` of subscription `id` received so far and not yet taken by next(). */
  pending(id: string): any[];
  /** Resolves when the server closes the socket, with its code and when it happened. */
  closed: Promise<{ code: number; reason: string; at: number }>;
  close(): Promise<void>;
}

export function openLiveSocket(baseUrl: string, token: string | null): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const queues = new Map<string, any[]>();
    const waiters = new Map<string, Array<(data: any) => void>>();
    let closedAt: { code: number; reason: string; at: number } | null = null;
    const closed = new Promise<{ code: number; reason: string; at: number }>((done) =>
      ws.once('close', (code, reason) => {
        closedAt = { code, reason: reason.toString(), at: Date.now() };
        done(closedAt);
      }),
    );
    const queue = (id: string) => {
      let items = queues.get(id);
      if (!items) queues.set(id, (items = []));
      return items;
    };
    const socket: LiveSocket = {
      subscribe(id, query, variables = {}) {
        ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
      },
      next(id, timeoutMs = 5000) {
        const items = queue(id);
        if (items.length) return Promise.resolve(items.shift());
        if (closedAt) return Promise.reject(new Error(`socket closed (${closedAt.code}) with nothing more for ${id}`));
        return new Promise((done, fail) => {
          const waiting = waiters.get(id) ?? [];
          waiters.set(id, waiting);
          const give = (data: any) => {
            clearTimeout(timer);
            done(data);
          };
          // A waiter that gave up leaves the line: the event it missed goes to the next one.
          const giveUp = (why: string) => {
            clearTimeout(timer);
            const at = waiting.indexOf(give);
            if (at >= 0) waiting.splice(at, 1);
            fail(new Error(why));
          };
          const timer = setTimeout(() => giveUp(`no event for ${id} within ${timeoutMs} ms`), timeoutMs);
          waiting.push(give);
          void closed.then(() => giveUp(`socket closed with nothing more for ${id}`));
        });
      },
      pending: (id) => queue(id).splice(0),
      closed,
      async close() {
        if (ws.readyState === WebSocket.OPEN) ws.close(1000);
        else if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
        await closed;
      },
    };
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} })));
    void closed.then(({ code }) => reject(new Error(`socket closed before it was acknowledged (${code})`)));
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.type === 'connection_ack') resolve(socket);
      else if (message.type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'next' || message.type === 'error') {
        const data = message.type === 'next' ? (message.payload.data ?? message.payload) : { errors: message.payload };
        const waiting = waiters.get(message.id)?.shift();
        if (waiting) waiting(data);
        else queue(message.id).push(data);
      }
    });
  });
}
