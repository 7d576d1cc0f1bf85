// E-mail verification in the browser tests (issue 25): the run's Auth emulator sends no e-mail, it
// keeps each link it would have sent (GET /emulator/v1/projects/<project>/oobCodes). Students who
// sign up must open theirs before they may post or comment, as a student opens the link in the mail.
import { expect, type Page } from '@playwright/test';
import { e2eSettings } from './settings';

const PROJECT_ID = 'demo-campus-clips';
const emulator = `http://${e2eSettings.authEmulatorHost}`;

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** Every link the emulator caught for `email` of `requestType`, oldest first. */
async function caughtLinks(email: string, requestType = 'VERIFY_EMAIL'): Promise<string[]> {
  const response = await fetch(`${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!response.ok) throw new Error(`the emulator's oobCodes answered ${response.status}`);
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
  return oobCodes
    .filter((code) => code.requestType === requestType && code.email.toLowerCase() === email.toLowerCase())
    .map((code) => code.oobLink);
}

/** The newest verification link the emulator caught for `email`, waiting for it to be sent. */
export async function newestVerificationLink(email: string): Promise<string> {
  let links: string[] = [];
  await expect
    .poll(async () => (links = await caughtLinks(email)).length, { message: `a verification link for ${email}`, timeout: 15_000 })
    .toBeGreaterThan(0);
  return links.at(-1)!;
}

/** Opens the link as a mail client would; the emulator marks the address verified. */
export async function openVerificationLink(link: string): Promise<void> {
  const response = await fetch(link);
  if (!response.ok) throw new Error(`the verification link answered ${response.status}: ${await response.text()}`);
}

/**
 * After a sign-up in the browser: opens the emulator's link for `email`, then "I've verified" in the
 * banner, so the app takes a fresh token and the api sees the verified address. The page stays signed in.
 */
export async function verifyEmailInBrowser(page: Page, email: string): Promise<void> {
  const banner = page.getByRole('region', { name: 'Verify your e-mail' });
  await expect(banner).toBeVisible();
  await openVerificationLink(await newestVerificationLink(email));
  await banner.getByRole('button', { name: "I've verified" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-mail verified.' })).toBeVisible();
  await expect(banner).toBeHidden();
}

/** Whether the emulator has an account for `email` (its accounts:lookup needs the project owner's token). */
export async function emulatorHasAccount(email: string): Promise<boolean> {
  const response = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ email: [email] }),
  });
  if (!response.ok) throw new Error(`accounts:lookup answered ${response.status}: ${await response.text()}`);
  const { users = [] } = (await response.json()) as { users?: unknown[] };
  return users.length > 0;
}
