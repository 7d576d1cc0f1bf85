import type { DataSource, EntityTarget, ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';

/**
 * Rows to entities for the hot reads (feed pages, the authors of a page), column by column through
 * the driver's own value preparation, instead of through TypeORM's general result transformer
 * (built for joins and relations, and about a sixth of a feed page's CPU at campus scale).
 */

/** Reads one entity out of a row whose columns are named `${prefix}_${column}`; built once per statement. */
export interface EntityRowReader<T> {
  /** `alias.column AS "prefix_column", ...`: the select list the reader expects. */
  readonly selectList: string;
  read(row: Record<string, unknown>): T;
}

export function entityRowReader<T extends ObjectLiteral>(
  db: DataSource,
  target: EntityTarget<T>,
  alias: string,
  prefix = alias,
): EntityRowReader<T> {
  const metadata = db.getMetadata(target);
  if (metadata.discriminatorColumn) throw new Error(`entityRowReader: ${metadata.name} has inheritance`);
  // getMany would call these after loading; nothing here does.
  if (metadata.afterLoadListeners.length || db.subscribers.some((subscriber) => subscriber.afterLoad)) {
    throw new Error(`entityRowReader: ${metadata.name} has afterLoad listeners`);
  }
  const driver = db.driver;
  const columns = metadata.columns
    .filter((column) => !column.isVirtual)
    .map((column) => ({ column, key: `${prefix}_${column.databaseName}` }));
  return {
    selectList: columns.map(({ column, key }) => `${alias}.${column.databaseName} AS "${key}"`).join(', '),
    read(row) {
      const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
      for (const { column, key } of columns) {
        const value = row[key];
        if (value === undefined) {
          // As getMany: a column left out of the select stays unset, but a row without its key is a bug.
          if (column.isPrimary) throw new Error(`entityRowReader: the row has no ${key}`);
          continue;
        }
        column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
      }
      return entity;
    },
  };
}

/**
 * `builder.getMany()` through the same reader. Only plain single-entity selects qualify; anything
 * else is refused, loudly.
 */
export async function getManyPlain<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>): Promise<T[]> {
  const map = builder.expressionMap;
  const alias = map.mainAlias;
  if (!alias?.hasMetadata || map.joinAttributes.length || map.relationIdAttributes.length || map.selects.length > 1) {
    throw new Error('getManyPlain: only a plain select of one entity qualifies');
  }
  const reader = entityRowReader<T>(builder.connection, alias.metadata.target, alias.name);

  const [sql, parameters] = builder.getQueryAndParameters();
  // As getMany: the builder's own runner (inside a transaction) or a pooled one for this query.
  const own = (builder as unknown as { queryRunner?: QueryRunner }).queryRunner;
  const runner = own ?? builder.connection.createQueryRunner();
  let rows: Array<Record<string, unknown>>;
  try {
    rows = await runner.query(sql, parameters);
  } finally {
    if (!own) await runner.release();
  }
  return rows.map((row) => reader.read(row));
}
