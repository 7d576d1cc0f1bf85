// The account forms' rules of spec §5 (sign-in, password change, and sign-up's e-mail and
// password) are @campus-clips/rules' checkSignInForm, checkSignUpForm and checkPasswordChangeForm;
// this file gives the screens their problems by field.
import { ACCOUNT_MESSAGES, checkPasswordChangeForm, checkSignInForm, type FormChecked } from '@campus-clips/rules';

export { isValidEmail } from '@campus-clips/rules';

/** The words of the rules only the browser applies (Firebase holds the passwords). */
export const messages = ACCOUNT_MESSAGES;

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

/** A form's problems by field: none when it passed. */
export function problemsOf<Field extends string>(checked: FormChecked<Record<Field, unknown>>): FieldErrors<Field> {
  return checked.ok ? {} : (checked.problems as FieldErrors<Field>);
}

export function validateLogin(form: LoginForm): FieldErrors<keyof LoginForm> {
  return problemsOf(checkSignInForm(form));
}

export function validatePasswordChange(form: PasswordChangeForm): FieldErrors<keyof PasswordChangeForm> {
  return problemsOf(checkPasswordChangeForm(form));
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
