import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { UnauthenticatedError } from '../../shared/errors';
import type { Viewer } from '../../shared/viewer';

/** The part of the app's settings the verifier reads (config.ts's Config has this shape). */
export interface IdentitySettings {
  firebase: { projectId: string; authEmulatorHost: string | null };
}

const CACHE_LIMIT = 10_000;
const RETRY_AFTER_MS = 200;

/** firebase-admin's codes for not reaching the identity provider (app/network-*) or its own fault. */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('app/') || code === 'auth/internal-error';
}
const CACHE_TTL_MS = 60_000;

/**
 * The single place that trusts a token: firebase-admin verifies it (signature, expiry, project).
 * Verified tokens are remembered briefly (never past their expiry) so a busy client does not pay
 * a round trip to the identity provider on every request.
 */
export class TokenVerifier {
  private readonly app: App;
  private readonly auth: Auth;
  private readonly cache = new Map<string, { viewer: Viewer; until: number }>();
  /** Roles and suspensions (account-standing.ts), applied to every verified caller, cached or not. */
  private standing: { apply(viewer: Viewer): Viewer } | null = null;
  /** Told of each token verified afresh (not from the cache): users keep `users.verified` by it. */
  private freshTokens: ((viewer: Viewer) => Promise<void>) | null = null;

  constructor(config: IdentitySettings) {
    if (config.firebase.authEmulatorHost) {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.authEmulatorHost;
    }
    this.app = initializeApp({ projectId: config.firebase.projectId }, `campus-clips-${Math.random().toString(36).slice(2)}`);
    this.auth = getAuth(this.app);
  }

  useStanding(standing: { apply(viewer: Viewer): Viewer }): void {
    this.standing = standing;
  }

  onFreshToken(listener: (viewer: Viewer) => Promise<void>): void {
    this.freshTokens = listener;
  }

  get adminAuth(): Auth {
    return this.auth;
  }

  /** Returns the viewer for an `Authorization` header value; null when there is none. */
  async viewerFromHeader(header: string | undefined | null): Promise<Viewer | null> {
    if (header === undefined || header === null || header === '') return null;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new UnauthenticatedError('The Authorization header must be "Bearer <ID token>".');
    return this.verify(match[1]!);
  }

  async verify(token: string): Promise<Viewer> {
    const viewer = await this.verifyToken(token);
    return this.standing ? this.standing.apply(viewer) : viewer;
  }

  private async verifyToken(token: string): Promise<Viewer> {
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.viewer;
    if (cached) this.cache.delete(token);

    let decoded: DecodedIdToken;
    try {
      // checkRevoked: a deleted, disabled or signed-out-everywhere account stops working at once.
      decoded = await this.auth.verifyIdToken(token, true).catch(async (error: unknown) => {
        // The revocation check asks the identity provider: a moment's failure to reach it (seen
        // once in CI with 100 sign-ins at once) is tried again once rather than signing a valid
        // token out. A token that is simply wrong fails with an auth/ code and is not retried.
        if (!isTransient(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
        return this.auth.verifyIdToken(token, true);
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/id-token-expired') throw new UnauthenticatedError('Your session has expired. Please sign in again.');
      throw new UnauthenticatedError('Your sign-in token is not valid. Please sign in again.');
    }
    const viewer: Viewer = {
      uid: decoded.uid,
      email: decoded.email ?? null,
      name: typeof decoded.name === 'string' ? decoded.name : null,
      picture: decoded.picture ?? null,
      signInProvider: decoded.firebase?.sign_in_provider ?? null,
      // Only the identity provider's word, in the signed token: the client never says it.
      emailVerified: decoded.email_verified === true,
    };
    // Bookkeeping that must not sign anyone out: a failure here leaves the token as good as it is.
    await this.freshTokens?.(viewer).catch(() => undefined);
    this.remember(token, viewer, Math.min(decoded.exp * 1000, now + CACHE_TTL_MS));
    return viewer;
  }

  /** Forget every cached token of a user (after the account is deleted). */
  forgetUser(uid: string): void {
    for (const [token, entry] of this.cache) if (entry.viewer.uid === uid) this.cache.delete(token);
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }

  private remember(token: string, viewer: Viewer, until: number): void {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(token, { viewer, until });
  }
}
