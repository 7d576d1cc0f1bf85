import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ValidationError } from './errors';
import { LIMITS } from '@campus-clips/rules';
import { pageSize } from './validation';

/**
 * Paging for every list, in one place: keyset cursors (what GraphQL connections hand out), the
 * page a list asks for, the keyset SQL that fetches it, and turning the rows into a page.
 */

/**
 * Opaque keyset cursors over (createdAt, id). They survive ties on time (the id breaks them) and
 * deletions between pages (a position, not a count), and never need OFFSET.
 */
export interface KeysetPosition {
  createdAt: Date;
  id: string;
}

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): KeysetPosition | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const separator = text.indexOf('|');
  const createdAt = new Date(text.slice(0, separator));
  const id = text.slice(separator + 1);
  if (separator < 0 || Number.isNaN(createdAt.getTime()) || !id || id.length > 200) {
    throw new ValidationError({ after: 'This page link is not valid. Please reload the list.' });
  }
  return { createdAt, id };
}

export interface Page<T> {
  items: T[];
  hasNextPage: boolean;
}

/** Services fetch one row more than asked; this turns that into a page and whether more remain. */
export function toPage<T>(rows: T[], size: number): Page<T> {
  return { items: rows.slice(0, size), hasNextPage: rows.length > size };
}

/**
 * What a list asks for: a size and a keyset position. No list takes an offset: the REST adapter's
 * numbered pages are walked over these (rest/numbered-pages.ts).
 */
export interface PageRequest {
  size: number;
  after: KeysetPosition | null;
}

export function cursorPage(first: number | null | undefined, after: string | null | undefined): PageRequest {
  return { size: pageSize(first), after: decodeCursor(after) };
}

/**
 * The page sizes a prepared list has a statement for, each with its LIMIT in the SQL text (issue
 * 30: a generic plan needs it): the web's (10), a few smaller and larger, the most anyone may ask.
 * A size in between reads the next shape's rows, so a client choosing every size from 1 to 50
 * still leaves each connection a handful of statements.
 */
export const PAGE_SHAPES = [1, 3, LIMITS.pageSize.default, 20, LIMITS.pageSize.max] as const;

export function pageShape(size: number): number {
  // Longer reads (the REST adapter's numbered pages ask for up to a thousand rows and more): the
  // next power of two, so they too leave a bounded number of statements.
  return PAGE_SHAPES.find((shape) => shape >= size) ?? 2 ** Math.ceil(Math.log2(size));
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Text to match as itself inside a PostgreSQL regular expression. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
}
