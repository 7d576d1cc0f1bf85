import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';

/**
 * `builder.getMany()` for the hot reads (feed pages, the authors of a page): the same SQL, the
 * same entities, but the rows are turned into entities here, column by column through the
 * driver's own value preparation, instead of through TypeORM's general result transformer (built
 * for joins and relations, and about a sixth of a feed page's CPU at campus scale).
 * Only plain single-entity selects qualify; anything else is refused, loudly.
 */
export async function getManyPlain<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>): Promise<T[]> {
  const map = builder.expressionMap;
  const alias = map.mainAlias;
  if (!alias?.hasMetadata || map.joinAttributes.length || map.relationIdAttributes.length || map.selects.length > 1) {
    throw new Error('getManyPlain: only a plain select of one entity qualifies');
  }
  const metadata = alias.metadata;
  if (metadata.discriminatorColumn || metadata.embeddeds.length)
    throw new Error(`getManyPlain: ${metadata.name} has inheritance or embeddeds`);
  // getMany would call these after loading; nothing here does.
  if (metadata.afterLoadListeners.length || builder.connection.subscribers.some((subscriber) => subscriber.afterLoad)) {
    throw new Error(`getManyPlain: ${metadata.name} has afterLoad listeners`);
  }

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

  const driver = builder.connection.driver;
  const columns = metadata.columns
    .filter((column) => !column.isVirtual)
    .map((column) => ({ column, key: `${alias.name}_${column.databaseName}` }));
  return rows.map((row) => {
    const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
    for (const { column, key } of columns) {
      const value = row[key];
      if (value === undefined) {
        // As getMany: a column left out of the select stays unset, but a row without its key is a bug.
        if (column.isPrimary) throw new Error(`getManyPlain: the row has no ${key}`);
        continue;
      }
      column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
    }
    return entity;
  });
}
