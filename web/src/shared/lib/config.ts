// Runtime configuration: the api serves /app-config.js (window.__CAMPUS_CONFIG__); Vite env vars
// are the fallback for a standalone dev server, and the emulator defaults the last resort.

export interface CampusConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  supportEmail: string;
}

interface RawCampusConfig {
  firebase?: Partial<CampusConfig['firebase']>;
  authEmulatorUrl?: string | null;
  supportEmail?: string;
}

declare global {
  interface Window {
    __CAMPUS_CONFIG__?: RawCampusConfig;
  }
}

const DEFAULT_PROJECT_ID = 'demo-campus-clips';
const DEFAULT_SUPPORT_EMAIL = 'support@campusclips.example';

function viteEnv(name: string): string | undefined {
  const env = (import.meta.env ?? {}) as Record<string, string | undefined>;
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

export function resolveConfig(raw: RawCampusConfig | undefined): CampusConfig {
  const projectId = raw?.firebase?.projectId ?? viteEnv('VITE_FIREBASE_PROJECT_ID') ?? DEFAULT_PROJECT_ID;
  const emulatorFromEnv = viteEnv('VITE_AUTH_EMULATOR_URL');
  const authEmulatorUrl =
    raw && 'authEmulatorUrl' in raw
      ? (raw.authEmulatorUrl ?? null)
      : (emulatorFromEnv ?? (viteEnv('VITE_FIREBASE_API_KEY') ? null : 'http://127.0.0.1:9099'));
  return {
    firebase: {
      apiKey: raw?.firebase?.apiKey ?? viteEnv('VITE_FIREBASE_API_KEY') ?? 'demo-api-key',
      authDomain: raw?.firebase?.authDomain ?? viteEnv('VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
      projectId,
    },
    authEmulatorUrl,
    supportEmail: raw?.supportEmail ?? viteEnv('VITE_SUPPORT_EMAIL') ?? DEFAULT_SUPPORT_EMAIL,
  };
}

export const config: CampusConfig = resolveConfig(typeof window === 'undefined' ? undefined : window.__CAMPUS_CONFIG__);
