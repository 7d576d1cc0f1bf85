/**
 * The Firebase Auth emulator sends no e-mail: it keeps each out-of-band link (verify e-mail, reset
 * password) and lists them at /emulator/v1/projects/<project>/oobCodes. In development the api
 * shows the new e-mail verification links in its log, as a mail catcher would show the message, so
 * a student who signs up in `npm start` can open theirs (D16). Only ever against the emulator.
 */
export interface EmulatorLink {
  email: string;
  link: string;
}

interface OobCode {
  email?: string;
  oobCode?: string;
  oobLink?: string;
  requestType?: string;
}

export interface EmulatorLinkWatch {
  stop(): void;
}

export function watchVerificationLinks(options: {
  emulatorHost: string;
  projectId: string;
  onLink: (link: EmulatorLink) => void;
  intervalMs?: number;
  fetchImpl?: typeof fetch;
}): EmulatorLinkWatch {
  const { emulatorHost, projectId, onLink, intervalMs = 2000, fetchImpl = fetch } = options;
  const seen = new Set<string>();
  let primed = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const poll = async () => {
    try {
      const response = await fetchImpl(`http://${emulatorHost}/emulator/v1/projects/${projectId}/oobCodes`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) {
        const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
        for (const code of oobCodes) {
          if (code.requestType !== 'VERIFY_EMAIL' || !code.oobCode || !code.oobLink || seen.has(code.oobCode)) continue;
          seen.add(code.oobCode);
          // Links made before this process started were shown by the one before (or are stale).
          if (primed) onLink({ email: code.email ?? '', link: code.oobLink });
        }
        primed = true;
      }
    } catch {
      // The emulator is restarting or busy: try again at the next tick.
    }
    if (!stopped) {
      timer = setTimeout(() => void poll(), intervalMs);
      timer.unref();
    }
  };
  void poll();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
