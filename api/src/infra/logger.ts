import pino, { type Logger } from 'pino';
import { currentRequestScope } from './request-scope';

/**
 * Structured JSON logs; every line inside a request carries its id; secrets never appear.
 * Lines go to stdout without blocking the event loop (one log line per request would otherwise
 * be a synchronous write on every request); pino flushes what is pending when the process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'campus-clips-api' },
      redact: {
        paths: ['authorization', 'password', 'token', '*.authorization', '*.password', '*.token', '*.idToken', 'headers.authorization'],
        censor: '[redacted]',
      },
      mixin() {
        const request = currentRequestScope();
        return request ? { requestId: request.requestId } : {};
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

export type { Logger };
