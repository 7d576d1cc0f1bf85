// Emulator accounts for the benchmark's few actors. Each gets the uid of its dataset user (the
// emulator's admin API lets us choose localId), so a token signs in as that dataset student. Their
// addresses are verified (issue 25: posting and commenting need it), accounts an older run made too.
import { PROJECT_ID } from '../../scripts/emulator.mjs';

const PASSWORD = 'Bench-Campus-123!';

export async function actorToken(emulatorHost, uid) {
  const email = `${uid}@bench.campusclips.example`;
  let signIn = await call(emulatorHost, `accounts:signInWithPassword?key=bench`, { email, password: PASSWORD, returnSecureToken: true });
  if (!signIn.ok) {
    const created = await call(emulatorHost, `projects/${PROJECT_ID}/accounts`, { localId: uid, email, password: PASSWORD }, true);
    if (!created.ok) throw new Error(`emulator: cannot create ${uid}: ${JSON.stringify(created.json)}`);
  }
  const verified = await call(emulatorHost, `projects/${PROJECT_ID}/accounts:update`, { localId: uid, emailVerified: true }, true);
  if (!verified.ok) throw new Error(`emulator: cannot verify ${uid}: ${JSON.stringify(verified.json)}`);
  signIn = await call(emulatorHost, `accounts:signInWithPassword?key=bench`, { email, password: PASSWORD, returnSecureToken: true });
  if (!signIn.ok || signIn.json.localId !== uid) throw new Error(`emulator: cannot sign in ${uid}: ${JSON.stringify(signIn.json)}`);
  return signIn.json.idToken;
}

async function call(host, method, body, admin = false) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(admin ? { authorization: 'Bearer owner' } : {}) },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, json: await response.json() };
}
