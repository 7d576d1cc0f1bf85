// Form rules of spec §5 (sign-up, login, password change) as pure functions, so every screen and
// test uses the same rules and the same words. D10 adds the 50-character display-name limit.

export const MIN_AGE = 17;
export const MIN_PASSWORD_LENGTH = 8;
export const MIN_FULL_NAME_LENGTH = 2;
export const MAX_FULL_NAME_LENGTH = 50;

export const messages = {
  fullName: 'Please enter your full name (minimum 2 characters)',
  fullNameTooLong: 'Please keep your name to 50 characters or fewer',
  email: 'Please enter a valid email address',
  passwordLength: 'Password must be at least 8 characters',
  passwordUppercase: 'Password must contain at least 1 uppercase letter',
  passwordSymbol: 'Password must contain at least 1 symbol',
  passwordsDoNotMatch: 'Passwords do not match',
  tooYoung: 'You must be at least 17 years old to sign up',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
} as const;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export interface SignupForm {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  dateOfBirth: string;
}

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
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** A YYYY-MM-DD string (what a date input gives) as a local calendar date, or null if invalid. */
export function parseLocalDate(value: string): Date | null {
  const match = ISO_DATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** Age in full years, counting the birthday itself; 0 for an empty, invalid or future date. */
export function ageInYears(dateOfBirth: string, today: Date = new Date()): number {
  const birth = parseLocalDate(dateOfBirth);
  if (!birth || birth > today) return 0;
  let age = today.getFullYear() - birth.getFullYear();
  const birthdayPassed =
    today.getMonth() > birth.getMonth() || (today.getMonth() === birth.getMonth() && today.getDate() >= birth.getDate());
  if (!birthdayPassed) age -= 1;
  return age;
}

export function dateOfBirthProblem(dateOfBirth: string, today: Date = new Date()): string | undefined {
  return ageInYears(dateOfBirth, today) >= MIN_AGE ? undefined : messages.tooYoung;
}

function fullNameProblem(fullName: string): string | undefined {
  const name = fullName.trim();
  if (name.length < MIN_FULL_NAME_LENGTH) return messages.fullName;
  if (name.length > MAX_FULL_NAME_LENGTH) return messages.fullNameTooLong;
  return undefined;
}

function withoutEmpty<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  const result: FieldErrors<Field> = {};
  for (const key of Object.keys(errors) as Field[]) {
    if (errors[key]) result[key] = errors[key];
  }
  return result;
}

export function validateSignup(form: SignupForm, today: Date = new Date()): FieldErrors<keyof SignupForm> {
  return withoutEmpty({
    fullName: fullNameProblem(form.fullName),
    email: isValidEmail(form.email) ? undefined : messages.email,
    password: passwordProblem(form.password),
    confirmPassword: form.confirmPassword === form.password ? undefined : messages.passwordsDoNotMatch,
    dateOfBirth: dateOfBirthProblem(form.dateOfBirth, today),
  });
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
