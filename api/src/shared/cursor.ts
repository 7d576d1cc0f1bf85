import { ValidationError } from './errors';

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
