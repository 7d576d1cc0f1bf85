// The one Firebase Auth instance. initializeAuth (not getAuth) keeps the popup/redirect machinery
// out of the first bundle: the popup resolver is passed only where a Google popup is opened.
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { config } from '../lib/config';

const app = initializeApp(config.firebase);

export const auth: Auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (config.authEmulatorUrl) {
  connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
}
