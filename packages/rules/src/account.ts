import type { CalendarDay } from './age';
import { dateOfBirthSchema } from './age';
import { checkField, type Checked } from './check';
import { checkForm, type FormChecked } from './form';
import { LIMITS } from './limits';
import { displayNameSchema } from './profile';

/**
 * The words of the account forms' own rules (spec §5): the e-mail and the password, which only the
 * browser checks (Firebase holds the passwords; the api never sees one).
 */
export const ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address',
  passwordLength: `Password must be at least ${LIMITS.password.min} characters`,
  passwordUppercase: 'Password must contain at least 1 uppercase letter',
  passwordSymbol: 'Password must contain at least 1 symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UPPERCASE_PATTERN = /[A-Z]/;
const SYMBOL_PATTERN = /[!@#$%^&*]/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The first password rule that fails (§5: 8 characters, an uppercase letter, a symbol), or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < LIMITS.password.min) return ACCOUNT_MESSAGES.passwordLength;
  if (!UPPERCASE_PATTERN.test(password)) return ACCOUNT_MESSAGES.passwordUppercase;
  if (!SYMBOL_PATTERN.test(password)) return ACCOUNT_MESSAGES.passwordSymbol;
  return undefined;
}

function rule<T>(value: T, problem: string | undefined): Checked<T> {
  return problem ? { ok: false, message: problem } : { ok: true, value };
}

/** The sign-in form: an e-mail address and a password (any: Firebase judges it). */
export function checkSignInForm(form: { email: string; password: string }): FormChecked<{ email: string; password: string }> {
  return checkForm({
    email: rule(form.email.trim(), isValidEmail(form.email) ? undefined : ACCOUNT_MESSAGES.email),
    password: rule(form.password, form.password ? undefined : ACCOUNT_MESSAGES.passwordRequired),
  });
}

/**
 * The sign-up form. `today` is the student's calendar day (the browser's): the 17+ rule is judged
 * on it. The api judges the name and the age again with the same schemas, on the earliest day any
 * student's calendar shows (earliestCalendarDay).
 */
export function checkSignUpForm(
  form: { fullName: string; email: string; password: string; confirmPassword: string; dateOfBirth: string },
  today: CalendarDay,
): FormChecked<{ fullName: string; email: string; password: string; confirmPassword: string; dateOfBirth: string }> {
  return checkForm({
    fullName: checkField(displayNameSchema, form.fullName),
    email: rule(form.email.trim(), isValidEmail(form.email) ? undefined : ACCOUNT_MESSAGES.email),
    password: rule(form.password, passwordProblem(form.password)),
    confirmPassword: rule(form.confirmPassword, form.confirmPassword === form.password ? undefined : ACCOUNT_MESSAGES.passwordsDoNotMatch),
    dateOfBirth: checkField(dateOfBirthSchema(today), form.dateOfBirth),
  });
}

/** Settings' password change: the current password, a new one by the sign-up rules, typed twice. */
export function checkPasswordChangeForm(form: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): FormChecked<{ currentPassword: string; newPassword: string; confirmPassword: string }> {
  return checkForm({
    currentPassword: rule(form.currentPassword, form.currentPassword ? undefined : ACCOUNT_MESSAGES.currentPasswordRequired),
    newPassword: rule(form.newPassword, passwordProblem(form.newPassword)),
    confirmPassword: rule(
      form.confirmPassword,
      form.confirmPassword === form.newPassword ? undefined : ACCOUNT_MESSAGES.passwordsDoNotMatch,
    ),
  });
}
