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

/**
 * Each student's Relations, in memory on this instance for their live subscriptions: a live
 * comment is then checked for each subscriber without a query (bench/live.mjs: 1,000 subscribers).
 * Loaded at the first event a student gets and kept until a block or mute that involves them is
 * announced (on every instance, over the PubSub), or until this instance may have missed an
 * announcement (its Redis subscription was broken: forgetAll). Blocks and mutes change nowhere
 * else, so nothing expires by age: a thread of 1,000 students never reloads them all at once.
 */
export class LiveRelations {
  private readonly entries = new Map<string, { relations: Promise<Relations> }>();

  constructor(private readonly load: (uid: string) => Promise<Relations>) {}

  of(uid: string): Promise<Relations> {
    const known = this.entries.get(uid);
    if (known) return known.relations;
    if (this.entries.size >= LIMIT) this.entries.delete(this.entries.keys().next().value!);
    const entry = { relations: this.load(uid) };
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

  forgetAll(): void {
    this.entries.clear();
  }
}
