import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reads at least `needed` bytes from the front of a request body and puts them back, so the next
 * reader (tus) still sees the whole body. Returns what was read, and whether the body ended.
 */
export function peekRequestBody(req: IncomingMessage, needed: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const done = (ended: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.pause();
      const head = Buffer.concat(chunks);
      if (!ended && head.length) req.unshift(head);
      resolve({ head, ended });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received >= needed) done(false);
    };
    const onEnd = () => done(true);
    const onError = (error: Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      reject(error);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}

/** Bodies up to this size are read and thrown away after a refusal, so the client can read the answer. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * After answering a request early, deal with the body the client is still sending. Browsers often
 * report a connection closed mid-upload as a network error and never show the answer, so a body of
 * known, moderate size is drained (discarded, not buffered); anything else closes the connection.
 */
export function drainOrClose(req: IncomingMessage, res: ServerResponse): void {
  const length = Number(req.headers['content-length']);
  if (Number.isFinite(length) && length <= DRAIN_LIMIT_BYTES) {
    req.resume();
  } else {
    res.setHeader('Connection', 'close');
    res.once('finish', () => req.socket?.destroySoon());
  }
}
