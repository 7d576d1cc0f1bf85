// Development only: the Firebase Auth emulator sends no e-mail, it keeps each link it would have
// sent. Like a mail catcher, the verify banner shows the newest verification link for the address
// (issue 25). Outside the emulator there is no such endpoint and nothing is asked.
import { config } from '../../shared/lib/config';

interface OobCode {
  email?: string;
  requestType?: string;
  oobLink?: string;
}

/** The emulator's list of caught links for this deployment's project; null outside the emulator. */
export function emulatorOobCodesUrl(
  emulatorUrl: string | null = config.authEmulatorUrl,
  projectId = config.firebase.projectId,
): string | null {
  if (!emulatorUrl) return null;
  return `${emulatorUrl.replace(/\/+$/, '')}/emulator/v1/projects/${encodeURIComponent(projectId)}/oobCodes`;
}

/** The newest VERIFY_EMAIL link the emulator caught for `email` (it lists them oldest first). */
export function newestVerificationLink(codes: readonly OobCode[], email: string): string | null {
  const wanted = email.trim().toLowerCase();
  const links = codes.filter((code) => code.requestType === 'VERIFY_EMAIL' && code.email?.toLowerCase() === wanted && code.oobLink);
  return links.at(-1)?.oobLink ?? null;
}

/** Asks the emulator for the newest verification link for `email`; null outside the emulator or when none. */
export async function fetchEmulatorVerificationLink(email: string, url: string | null = emulatorOobCodesUrl()): Promise<string | null> {
  if (!url) return null;
  const response = await fetch(url);
  if (!response.ok) return null;
  const body = (await response.json()) as { oobCodes?: OobCode[] };
  return newestVerificationLink(body.oobCodes ?? [], email);
}
