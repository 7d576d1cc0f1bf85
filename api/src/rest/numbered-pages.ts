import type { KeysetPosition, Page, PageRequest } from '../shared/paging';
import { pageSize } from '../shared/validation';

/**
 * The spec's numbered pages (`?page=N&limit=L`, §7) over the services' keyset lists: OFFSET is the
 * REST adapter's concern alone, so it is served here by walking keyset pages from the top.
 *
 * Page N asks the list for its first (N-1)×L + L rows in one statement and keeps the last L: one
 * statement, as OFFSET took, for every page whose rows lie within the first WALK_STEP (100 pages
 * of 10, 20 of 50). PostgreSQL read those skipped rows under OFFSET too; only their transfer is
 * new, and WALK_STEP bounds it: a deeper page first skips WALK_STEP rows per statement, keyset
 * after keyset, so a nonsense page number costs bounded memory, never a whole table at once.
 */
export const WALK_STEP = 1000;

export interface NumberedPage {
  page: number;
  limit: number;
}

/** Whatever else the list's pages carry (a post page's authors) comes along with the rows kept. */
export async function numberedPage<T extends KeysetPosition, P extends Page<T> = Page<T>>(
  load: (page: PageRequest) => Promise<P>,
  { page, limit }: NumberedPage,
): Promise<P> {
  const size = pageSize(limit);
  let skip = (Math.max(Math.trunc(page) || 1, 1) - 1) * size;
  let after: KeysetPosition | null = null;
  while (skip >= WALK_STEP) {
    const skipped = await load({ size: WALK_STEP, after });
    const last = skipped.items[skipped.items.length - 1];
    if (!skipped.hasNextPage || !last) return { ...skipped, items: [], hasNextPage: false };
    after = { createdAt: last.createdAt, id: last.id };
    skip -= skipped.items.length;
  }
  const rows = await load({ size: skip + size, after });
  return { ...rows, items: rows.items.slice(skip) };
}
