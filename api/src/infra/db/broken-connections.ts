import { EventSubscriber, type AfterQueryEvent, type EntitySubscriberInterface } from 'typeorm';
import { isDatabaseUnavailable } from '../../shared/errors';

/**
 * When PostgreSQL ends a connection in the middle of a query (the backend was terminated, the
 * server is shutting down), the query fails before the socket closes, and TypeORM hands the
 * connection back to the pool as if it were healthy: the next request to take it would fail too.
 * Ending it here makes pg-pool drop it on release, so only the request that was cut off fails.
 */
@EventSubscriber()
export class DropBrokenConnections implements EntitySubscriberInterface {
  afterQuery(event: AfterQueryEvent): void {
    if (event.success || !isDatabaseUnavailable(event.error)) return;
    const connection = (event.queryRunner as unknown as { databaseConnection?: { end?: () => Promise<void> } }).databaseConnection;
    connection?.end?.().catch(() => undefined);
  }
}
