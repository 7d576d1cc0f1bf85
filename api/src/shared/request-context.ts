import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request facts that code deep in a call may need without threading them through: the request id and SQL count. */
export interface RequestContext {
  requestId: string;
  sqlStatements: number;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequest(): RequestContext | undefined {
  return requestContext.getStore();
}
