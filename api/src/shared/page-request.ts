import { decodeCursor, type KeysetPosition } from './cursor';
import { pageSize } from './validation';

/**
 * What a list asks for: a size and a keyset position. `offset` exists only for the REST adapter's
 * page numbers (spec §7); GraphQL connections never use it.
 */
export interface PageRequest {
  size: number;
  after: KeysetPosition | null;
  offset: number;
}

export function cursorPage(first: number | null | undefined, after: string | null | undefined): PageRequest {
  return { size: pageSize(first), after: decodeCursor(after), offset: 0 };
}

export function numberedPage(page: number, limit: number): PageRequest {
  const size = pageSize(limit);
  return { size, after: null, offset: (Math.max(Math.trunc(page) || 1, 1) - 1) * size };
}
