import type { Auth } from 'firebase-admin/auth';
import { DEMO_PASSWORD, type DemoStudent } from './demo-students';

/**
 * Makes sure every demo student has an account in the auth emulator, under its fixed uid, with
 * the documented password. Returns how many had to be created (0 when all were there).
 * The emulator keeps accounts in memory only, so this runs on every start, not just the first.
 */
export async function ensureDemoAccounts(auth: Auth, students: readonly DemoStudent[]): Promise<number> {
  let created = 0;
  for (const student of students) {
    if (await accountExists(auth, student.uid)) continue;
    try {
      await auth.createUser({
        uid: student.uid,
        email: student.email,
        emailVerified: true,
        password: DEMO_PASSWORD,
        displayName: student.displayName,
      });
      created += 1;
    } catch (error) {
      // Several api replicas starting at once may race to create the same account: fine.
      if (await accountExists(auth, student.uid)) continue;
      if ((error as { code?: string }).code === 'auth/email-already-exists') {
        throw new Error(`The auth emulator already has ${student.email} under another uid; delete that account and start again.`);
      }
      throw error;
    }
  }
  return created;
}

async function accountExists(auth: Auth, uid: string): Promise<boolean> {
  try {
    await auth.getUser(uid);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}
