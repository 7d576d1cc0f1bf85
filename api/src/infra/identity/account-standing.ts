import type { DataSource } from 'typeorm';
import { UnauthenticatedError } from '../../shared/errors';
import type { Role } from '../../shared/policy';
import type { Viewer } from '../../shared/viewer';
import type { AppPubSub } from '../pubsub/pubsub';
import type { TokenVerifier } from './token-verifier';

interface Standing {
  role: Role;
  suspendedUntil: Date | null;
}

const STANDING_CHANGED = 'ACCOUNT_STANDING_CHANGED';

/**
 * Roles and suspensions, in memory on every instance: the few accounts that are not plain
 * students in good standing (moderators, admins, suspended students), loaded at start and
 * refreshed on every instance the moment one changes (announced on the PubSub, as account
 * deletions are). A request therefore costs no query to learn its caller's role, and a suspended
 * student's tokens are refused everywhere at once.
 */
export class AccountStanding {
  private readonly accounts = new Map<string, Standing>();

  constructor(private readonly db: DataSource) {}

  async load(): Promise<void> {
    const rows: Array<{ firebase_uid: string; role: Role; suspended_until: Date | null }> = await this.db.query(
      `SELECT firebase_uid, role, suspended_until FROM users WHERE role <> 'student' OR suspended_until IS NOT NULL`,
    );
    this.accounts.clear();
    for (const row of rows) this.accounts.set(row.firebase_uid, { role: row.role, suspendedUntil: row.suspended_until });
  }

  async refresh(uid: string): Promise<void> {
    const [row]: Array<{ role: Role; suspended_until: Date | null }> = await this.db.query(
      `SELECT role, suspended_until FROM users WHERE firebase_uid = $1`,
      [uid],
    );
    if (!row || (row.role === 'student' && !row.suspended_until)) this.accounts.delete(uid);
    else this.accounts.set(uid, { role: row.role, suspendedUntil: row.suspended_until });
  }

  roleOf(uid: string): Role {
    return this.accounts.get(uid)?.role ?? 'student';
  }

  /** The end of a suspension in force (the far future for one 'for good'), else null. */
  suspendedUntil(uid: string, now = new Date()): Date | null {
    const until = this.accounts.get(uid)?.suspendedUntil ?? null;
    return until && until > now ? until : null;
  }

  /** The viewer with their role; a suspended account is refused. */
  apply(viewer: Viewer): Viewer {
    const until = this.suspendedUntil(viewer.uid);
    if (until) {
      throw new UnauthenticatedError(
        until.getUTCFullYear() > 9000
          ? 'This account has been suspended.'
          : `This account has been suspended until ${until.toISOString().slice(0, 10)}.`,
      );
    }
    const role = this.roleOf(viewer.uid);
    return role === 'student' ? viewer : { ...viewer, role };
  }
}

/**
 * Keeps every instance's AccountStanding (and token cache) current when one instance changes an
 * account; `onChanged` hears each change on every instance, the announcing one too, once the
 * standing is current there (app.ts closes a suspended account's live channels).
 */
export function shareAccountStanding(
  pubsub: AppPubSub,
  standing: AccountStanding,
  verifier: TokenVerifier,
  onChanged: (uid: string) => void = () => undefined,
) {
  const iterator = pubsub.subscribe(STANDING_CHANGED)[Symbol.asyncIterator]();
  const listening = (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const uid = (next.value as { uid?: unknown } | undefined)?.uid;
      if (typeof uid === 'string') {
        await standing.refresh(uid).catch(() => undefined);
        verifier.forgetUser(uid);
        onChanged(uid);
      }
    }
  })().catch(() => undefined);
  return {
    async announce(uid: string): Promise<void> {
      await standing.refresh(uid);
      verifier.forgetUser(uid);
      pubsub.publish(STANDING_CHANGED, { uid });
    },
    async stop(): Promise<void> {
      await iterator.return?.();
      await listening;
    },
  };
}
