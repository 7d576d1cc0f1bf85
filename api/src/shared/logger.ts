import pino, { type Logger } from 'pino';
import { currentRequest } from './request-context';

/** Structured JSON logs; every line inside a request carries its id; secrets never appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'campus-clips-api' },
    redact: {
      paths: ['authorization', 'password', 'token', '*.authorization', '*.password', '*.token', '*.idToken', 'headers.authorization'],
      censor: '[redacted]',
    },
    mixin() {
      const request = currentRequest();
      return request ? { requestId: request.requestId } : {};
    },
  });
}

export type { Logger };
