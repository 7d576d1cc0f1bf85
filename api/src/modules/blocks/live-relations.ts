/** Whom one student must not get live content from (docs/safety.md). */
export interface Relations {
  /** Blocked either way: neither sees the other, their posts or their comments. */
  blocked: ReadonlySet<string>;
  /** Muted by the student: their comments leave the student's threads. */
  muted: ReadonlySet<string>;
}

/** How a block or mute reaches every instance's cache (app.ts: over the PubSub, Redis when configured). */
export interface BlockEvents {
  relationsChanged(uids: string[]): void;
}

export const RELATIONS_CHANGED = 'RELATIONS_CHANGED';

const LIMIT = 10_000;
/** A safety net only: an announcement lost while Redis was away is made good within this. */
const MAX_AGE_MS = 60_000;

/**
 * Each student's Relations, in memory on this instance for their live subscriptions: a live
 * comment is then checked for each subscriber without a query (bench/live.mjs: 1,000 subscribers).
 * Loaded at the first event a student gets, kept until a block or mute that involves them is
 * announced (on every instance, over the PubSub), and reloaded after a minute at most.
 */
export class LiveRelations {
  private readonly entries = new Map<string, { relations: Promise<Relations>; loadedAt: number }>();

  constructor(
    private readonly load: (uid: string) => Promise<Relations>,
    private readonly now: () => number = Date.now,
  ) {}

  of(uid: string): Promise<Relations> {
    const now = this.now();
    const known = this.entries.get(uid);
    if (known && now - known.loadedAt < MAX_AGE_MS) return known.relations;
    this.entries.delete(uid);
    if (this.entries.size >= LIMIT) this.entries.delete(this.entries.keys().next().value!);
    const entry = { relations: this.load(uid), loadedAt: now };
    this.entries.set(uid, entry);
    // A failed load is not remembered (the next event tries again); a load that a change
    // overtook is not either: forget() removed it, so it never returns to the map.
    entry.relations.catch(() => {
      if (this.entries.get(uid) === entry) this.entries.delete(uid);
    });
    return entry.relations;
  }

  forget(uid: string): void {
    this.entries.delete(uid);
  }
}
