import { watchVerificationLinks, type EmulatorLink } from '../../src/infra/identity/emulator-links';
import { createIdentity } from '../support/identity';

/**
 * Development shows the emulator's e-mail verification links (D16): the emulator sends no mail, so
 * the api's log and the web app show the link a new student opens. Against the real emulator.
 */
test('each new verification link the emulator keeps is reported once, with its address; opening it verifies the address', async () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
  const before = await createIdentity({ unverified: true });
  await sendVerification(host, before.token);
  const seen: EmulatorLink[] = [];
  const watch = watchVerificationLinks({
    emulatorHost: host,
    projectId: 'demo-campus-clips',
    onLink: (link) => seen.push(link),
    intervalMs: 100,
  });
  try {
    // The first look primes: links made before the watch started are not news.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(seen.filter((link) => link.email === before.email)).toEqual([]);

    const student = await createIdentity({ unverified: true });
    await sendVerification(host, student.token);
    await waitFor(async () => seen.some((link) => link.email === student.email));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const mine = seen.filter((link) => link.email === student.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.link).toMatch(/^http:\/\/.+mode=verifyEmail.*oobCode=/);

    // What the student does with it: open it, and the next token says verified.
    const opened = await fetch(mine[0]!.link);
    expect(opened.ok).toBe(true);
    const token = await student.refresh();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { email_verified?: boolean };
    expect(claims.email_verified).toBe(true);
  } finally {
    watch.stop();
  }
});

/** What the web's sendEmailVerification asks of the identity provider. */
async function sendVerification(host: string, idToken: string): Promise<void> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  if (!response.ok) throw new Error(`sendOobCode failed: ${response.status} ${await response.text()}`);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
