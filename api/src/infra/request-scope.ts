import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The per-request store: facts that code deep in a call (the logger's mixin, the SQL statement
 * counter, the metrics' Apollo plugin) records or needs without having them threaded through.
 * What an entry sends back (rate-limit state, errors) does not travel here; those are values the
 * entry holds.
 */
export interface RequestScope {
  requestId: string;
  sqlStatements: number;
  /** A GraphQL request's operation name, from Apollo's hooks, for the metrics' labels. */
  graphqlOperation?: string;
  /** The codes (extensions.code) of the errors in a GraphQL answer, from Apollo's hooks, for the metrics. */
  graphqlErrorCodes?: string[];
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

export function currentRequestScope(): RequestScope | undefined {
  return requestScope.getStore();
}
