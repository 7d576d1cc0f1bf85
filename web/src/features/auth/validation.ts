// Form rules of spec §5 (login, password change, and the e-mail and password of sign-up) as pure
// functions, so every screen and test uses the same rules and the same words. The sign-up's name
// and age rules are the api's own, in signup-validation.ts; this file stays free of them, so the
// login screen does not download them.

export const MIN_PASSWORD_LENGTH = 8;

/** The words of the rules only the browser applies (Firebase holds the passwords). */
export const messages = {
  email: 'Please enter a valid email address',
  passwordLength: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain at least 1 uppercase letter',
  passwordSymbol: 'Password must contain at least 1 symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
} as const;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface LoginForm {
  email: string;
  password: string;
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UPPERCASE_PATTERN = /[A-Z]/;
const SYMBOL_PATTERN = /[!@#$%^&*]/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The first password rule that fails, or undefined when the password is acceptable. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return messages.passwordLength;
  if (!UPPERCASE_PATTERN.test(password)) return messages.passwordUppercase;
  if (!SYMBOL_PATTERN.test(password)) return messages.passwordSymbol;
  return undefined;
}

export function withoutEmpty<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const key of Object.keys(errors) as Field[]) {
    if (errors[key]) result[key] = errors[key];
  }
  return result;
}

export function validateLogin(form: LoginForm): FieldErrors<keyof LoginForm> {
  return withoutEmpty({
    email: isValidEmail(form.email) ? undefined : messages.email,
    password: form.password ? undefined : messages.passwordRequired,
  });
}

export function validatePasswordChange(form: PasswordChangeForm): FieldErrors<keyof PasswordChangeForm> {
  return withoutEmpty({
    currentPassword: form.currentPassword ? undefined : messages.currentPasswordRequired,
    newPassword: passwordProblem(form.newPassword),
    confirmPassword: form.confirmPassword === form.newPassword ? undefined : messages.passwordsDoNotMatch,
  });
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
