import type { Logger, QueryRunner } from 'typeorm';
import { currentRequestScope } from '../request-scope';

/**
 * A TypeORM logger that counts the SQL statements each request issues (reported as the
 * `X-SQL-Statements` header and used by benchmarks), and passes slow queries and errors on.
 */
export class StatementCountingLogger implements Logger {
  constructor(private readonly onError: (message: string, detail: unknown) => void = () => undefined) {}

  logQuery(_query: string, _parameters?: unknown[], _runner?: QueryRunner): void {
    const request = currentRequestScope();
    if (request) request.sqlStatements++;
  }

  logQueryError(error: string | Error, query: string): void {
    this.onError('query failed', { error: error instanceof Error ? error.message : error, query: query.slice(0, 200) });
  }

  logQuerySlow(time: number, query: string): void {
    this.onError('slow query', { time, query: query.slice(0, 200) });
  }

  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
