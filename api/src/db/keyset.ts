import type { SelectQueryBuilder, ObjectLiteral } from 'typeorm';
import type { PageRequest } from '../shared/page-request';

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Newest first by (created_at, id), after the page's keyset position; one row more than the page. */
export function keysetDesc<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  alias: string,
  page: PageRequest,
  idColumn = 'id',
): void {
  if (page.after) {
    builder.andWhere(`(${alias}.createdAt, ${alias}.${idColumn}) < (:afterCreatedAt, :afterId)`, {
      afterCreatedAt: page.after.createdAt,
      afterId: page.after.id,
    });
  }
  builder.orderBy(`${alias}.createdAt`, 'DESC');
  builder.addOrderBy(`${alias}.${idColumn}`, 'DESC');
  builder.limit(page.size + 1);
  if (page.offset) builder.offset(page.offset);
}
