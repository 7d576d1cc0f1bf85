// The 'Verify your e-mail' banner (issue 25, D16): shown above every signed-in screen while the
// account's address is not verified. Resend asks the provider for another link (after a cooldown);
// "I've verified" asks the provider again and takes a fresh token, so the api sees email_verified
// without a sign-out. Coming back to the tab checks by itself. With the Auth emulator it also shows
// the link the emulator caught, since no e-mail leaves a development machine.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../shared/session/auth-context';
import { auth } from '../../shared/session/firebase';
import {
  cooldownRemaining,
  sendVerificationLink,
  verificationCheckErrorMessage,
  verificationSendErrorMessage,
} from '../../shared/session/email-verification';
import { emulatorOobCodesUrl, fetchEmulatorVerificationLink } from './emulator-link';

export const BANNER_COPY = {
  heading: 'Verify your e-mail',
  text: (email: string) => `We sent a link to ${email}. Open it to post, comment and join in.`,
  resend: 'Resend',
  verified: "I've verified",
  sent: 'Sent. Check your inbox.',
  done: 'E-mail verified.',
  notYet: 'Your e-mail is not verified yet. Open the link we sent you, then choose “I’ve verified” again.',
  devLink: 'Open verification link (development)',
} as const;

/** How long 'E-mail verified.' stays before the banner is gone. */
const VERIFIED_NOTE_MS = 8000;
/** A focus check at most this often (switching windows back and forth fires many). */
const FOCUS_CHECK_INTERVAL_MS = 5000;
/** While the emulator has caught no link yet (the first is being sent), look again this often. */
const DEV_LINK_POLL_MS = 3000;

type Note = { tone: 'info' | 'error'; text: string } | null;

type VerifyEmailBannerProps = {
  /** Called once the account turned verified here: screens refetch what the api now allows. */
  onVerified?: () => void;
  /** The emulator's list of caught links; null outside the emulator (the default reads the app config). */
  devLinksUrl?: string | null;
};

export function VerifyEmailBanner({ onVerified, devLinksUrl = emulatorOobCodesUrl() }: VerifyEmailBannerProps) {
  const { currentUser, reloadEmailVerified } = useAuth();
  const headingId = useId();
  const [note, setNote] = useState<Note>(null);
  const [busy, setBusy] = useState<'resend' | 'check' | null>(null);
  const [justVerified, setJustVerified] = useState(false);
  const uid = currentUser?.uid ?? null;
  const email = currentUser?.email ?? null;
  const unverified = Boolean(currentUser && !currentUser.emailVerified);
  const cooldown = useCooldown(uid);
  // 'E-mail verified.' belongs to the page it was said on; the next page starts without it.
  const { pathname } = useLocation();
  const [notePath, setNotePath] = useState(pathname);
  if (notePath !== pathname) {
    setNotePath(pathname);
    setJustVerified(false);
  }
  const devLink = useEmulatorLink(unverified ? email : null, devLinksUrl);

  // Whoever noticed first (this banner, a focus check, another screen), the account turned verified
  // while it was shown: say so, then go away.
  const wasUnverified = useRef(unverified);
  const onVerifiedRef = useRef(onVerified);
  useEffect(() => {
    onVerifiedRef.current = onVerified;
  });
  useEffect(() => {
    if (wasUnverified.current && currentUser?.emailVerified) {
      setJustVerified(true);
      setNote(null);
      onVerifiedRef.current?.();
    }
    wasUnverified.current = unverified;
  }, [currentUser?.emailVerified, unverified]);
  useEffect(() => {
    if (!justVerified) return;
    const timer = setTimeout(() => setJustVerified(false), VERIFIED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [justVerified]);

  // Back from the mail app (or the emulator's link in another tab): ask the provider again, quietly.
  const lastFocusCheck = useRef(0);
  useEffect(() => {
    if (!unverified) return;
    const check = () => {
      if (document.visibilityState === 'hidden' || Date.now() - lastFocusCheck.current < FOCUS_CHECK_INTERVAL_MS) return;
      lastFocusCheck.current = Date.now();
      reloadEmailVerified().catch((error: unknown) => console.info('Could not check the e-mail verification', error));
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [unverified, reloadEmailVerified]);

  async function resend() {
    const user = auth.currentUser;
    if (!user || cooldown.remaining > 0) return;
    setBusy('resend');
    setNote(null);
    try {
      await sendVerificationLink(user);
      setNote({ tone: 'info', text: BANNER_COPY.sent });
      devLink.refresh();
    } catch (error) {
      setNote({ tone: 'error', text: verificationSendErrorMessage(error) });
    } finally {
      cooldown.restart();
      setBusy(null);
    }
  }

  async function checkVerified() {
    setBusy('check');
    setNote(null);
    try {
      const verified = await reloadEmailVerified();
      if (!verified) setNote({ tone: 'error', text: BANNER_COPY.notYet });
    } catch (error) {
      console.error('Could not check the e-mail verification', error);
      setNote({ tone: 'error', text: verificationCheckErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  if (justVerified && currentUser?.emailVerified) {
    return (
      <div
        role="status"
        className="mb-4 flex items-center justify-between gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900"
      >
        <span className="font-medium">{BANNER_COPY.done}</span>
        <button
          type="button"
          onClick={() => setJustVerified(false)}
          aria-label="Dismiss message"
          className="rounded px-2 text-green-900 hover:bg-green-100 focus-ring"
        >
          ×
        </button>
      </div>
    );
  }
  if (!currentUser || !unverified) return null;

  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <h2 id={headingId} className="text-base font-semibold">
        {BANNER_COPY.heading}
      </h2>
      <p className="mt-1 break-words">{BANNER_COPY.text(currentUser.email ?? 'your e-mail address')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => void resend()}
          disabled={busy !== null || cooldown.remaining > 0}
          aria-describedby={cooldown.remaining > 0 ? `${headingId}-cooldown` : undefined}
          className="rounded-md border border-amber-400 bg-white px-3 py-1.5 font-medium text-amber-950 hover:bg-amber-100 disabled:cursor-not-allowed disabled:opacity-60 focus-ring"
        >
          {BANNER_COPY.resend}
        </button>
        <button
          type="button"
          onClick={() => void checkVerified()}
          disabled={busy !== null}
          className="rounded-md bg-amber-700 px-3 py-1.5 font-medium text-white hover:bg-amber-800 disabled:cursor-not-allowed disabled:opacity-60 focus-ring"
        >
          {busy === 'check' ? 'Checking...' : BANNER_COPY.verified}
        </button>
        {cooldown.remaining > 0 && (
          <span id={`${headingId}-cooldown`} className="text-amber-900">
            You can ask for another link in {cooldown.remaining} s.
          </span>
        )}
      </div>
      {note && (
        <p
          role={note.tone === 'error' ? 'alert' : 'status'}
          className={`mt-2 ${note.tone === 'error' ? 'text-red-700' : 'text-amber-950'}`}
        >
          {note.text}
        </p>
      )}
      {devLink.link && (
        <p className="mt-2">
          <a
            href={devLink.link}
            target="_blank"
            rel="noreferrer"
            className="rounded font-medium text-indigo-800 underline hover:text-indigo-900 focus-ring"
          >
            {BANNER_COPY.devLink}
          </a>
        </p>
      )}
    </section>
  );
}

/** Seconds left before Resend works again, counting down once a second; `restart` after each send. */
export function useCooldown(uid: string | null) {
  const [remaining, setRemaining] = useState(() => (uid ? cooldownRemaining(uid) : 0));
  const [seenUid, setSeenUid] = useState(uid);
  if (seenUid !== uid) {
    setSeenUid(uid);
    setRemaining(uid ? cooldownRemaining(uid) : 0);
  }
  const counting = remaining > 0;
  useEffect(() => {
    if (!uid || !counting) return;
    // Read from the stored send time each second: a throttled background tab still ends on time.
    const timer = setInterval(() => setRemaining(cooldownRemaining(uid)), 1000);
    return () => clearInterval(timer);
  }, [uid, counting]);
  const restart = useCallback(() => setRemaining(uid ? cooldownRemaining(uid) : 0), [uid]);
  return { remaining, restart };
}

/** The emulator's newest verification link for `email` (null: not the emulator, or none caught yet). */
function useEmulatorLink(email: string | null, url: string | null) {
  const [link, setLink] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!email || !url) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      fetchEmulatorVerificationLink(email, url)
        .then((found) => {
          if (cancelled) return;
          setLink(found);
          // The first link may still be on its way (sign-up sends it as the app opens).
          if (!found) timer = setTimeout(look, DEV_LINK_POLL_MS);
        })
        .catch((error: unknown) => console.info('The Auth emulator did not list its links', error));
    };
    look();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [email, url, round]);
  const refresh = useCallback(() => setRound((value) => value + 1), []);
  return { link: email && url ? link : null, refresh };
}
