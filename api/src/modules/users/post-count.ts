import type { User } from './user.entity';

/**
 * How many posts a profile shows this reader, from counters on the users row (no count per read):
 * its owner sees all of their posts (processing, failed and hidden for review too); anyone else
 * those anyone may see (`publicPostCount`), and none while the owner is suspended (their posts are
 * nobody's then: posts/post-visibility.ts). A block hides the whole profile, so it needs no case.
 */
export function postCountSeenBy(
  user: Pick<User, 'id' | 'postCount' | 'publicPostCount' | 'suspendedUntil'>,
  readerUid: string | null,
): number {
  if (readerUid === user.id) return user.postCount;
  if (user.suspendedUntil && user.suspendedUntil.getTime() > Date.now()) return 0;
  return user.publicPostCount;
}
