import crypto from 'node:crypto';

export interface TestUser {
  uid: string;
  idToken: string;
  authorization: string;
}

/** A fresh account on the Firebase Auth emulator (unique e-mail) and its ID token. */
export async function createEmulatorUser(label = 'media'): Promise<TestUser> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through jest (global setup starts the emulator)');
  const email = `${label}-${crypto.randomBytes(6).toString('hex')}@campus.test`;
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Secret#123', returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`emulator sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { idToken: string; localId: string };
  return { uid: body.localId, idToken: body.idToken, authorization: `Bearer ${body.idToken}` };
}
