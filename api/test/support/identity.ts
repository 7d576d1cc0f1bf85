import { randomUUID } from 'node:crypto';

/**
 * Real accounts in the Firebase Auth emulator, and tokens shaped to be refused. No auth is mocked:
 * the api verifies every token here with firebase-admin against the emulator.
 */
const PROJECT_ID = 'demo-campus-clips';

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (the jest global setup sets it)');
  return host;
}

export interface TestIdentity {
  uid: string;
  email: string;
  password: string;
  token: string;
  /** What the current token says of the address (`email_verified`). */
  emailVerified: boolean;
  /** A fresh ID token for the same account. */
  refresh(): Promise<string>;
  /** Marks the address verified, as opening the emulator's link would, and takes a fresh token that says so. */
  verifyEmail(): Promise<string>;
}

export interface IdentityOptions {
  email?: string;
  password?: string;
  displayName?: string;
  /**
   * D16: posting, commenting and reporting need a verified e-mail, and most tests are about
   * something else, so an identity's address is verified (its token says `email_verified: true`)
   * unless a test asks for an unverified one, as a new sign-up is.
   */
  unverified?: boolean;
}

export async function createIdentity(options: IdentityOptions = {}): Promise<TestIdentity> {
  const email = options.email ?? `student-${randomUUID().slice(0, 12)}@campus.test`;
  const password = options.password ?? 'Passw0rd!';
  const signUp = await identityCall('accounts:signUp', { email, password, returnSecureToken: true, displayName: options.displayName });
  const identity: TestIdentity = {
    uid: signUp.localId,
    email,
    password,
    token: signUp.idToken,
    emailVerified: false,
    async refresh() {
      const signIn = await identityCall('accounts:signInWithPassword', { email, password, returnSecureToken: true });
      identity.token = signIn.idToken;
      return identity.token;
    },
    async verifyEmail() {
      await markEmailVerified(identity.uid);
      identity.emailVerified = true;
      return identity.refresh();
    },
  };
  if (!options.unverified) await identity.verifyEmail();
  return identity;
}

/**
 * A Google sign-in as the web's Google button makes it (signInWithIdp): the emulator takes the
 * Google ID token's claims as given, and makes the account when the Google account is new, before
 * the api hears of it. Its token's `email_verified` is Google's word.
 */
export async function createGoogleIdentity(
  email: string,
  options: { emailVerified?: boolean } = {},
): Promise<{ uid: string; token: string }> {
  const claims = { sub: `google-${randomUUID()}`, email, email_verified: options.emailVerified ?? true };
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }),
  });
  const json = (await response.json()) as { localId: string; idToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`emulator signInWithIdp failed: ${json.error?.message}`);
  return { uid: json.localId, token: json.idToken };
}

/**
 * Sets an emulator account's `emailVerified`, as the admin SDK's updateUser does (the emulator
 * takes the project owner's "Bearer owner" for admin calls). Its next ID token carries the claim.
 */
export async function markEmailVerified(uid: string, verified = true): Promise<void> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: verified }),
  });
  if (!response.ok) throw new Error(`emulator accounts:update failed: ${response.status} ${await response.text()}`);
}

async function identityCall(method: string, body: Record<string, unknown>): Promise<{ localId: string; idToken: string }> {
  const response = await fetch(`http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { localId: string; idToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`emulator ${method} failed: ${json.error?.message}`);
  return json;
}

/** An emulator-style (unsigned) token for `uid` that expired an hour ago. */
export function expiredToken(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      auth_time: now - 7200,
      user_id: uid,
      sub: uid,
      iat: now - 7200,
      exp: now - 3600,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}

export const MALFORMED_TOKEN = 'not-a-real-token';
