// Sign-up's rules (spec §5, D8, D10) are @campus-clips/rules' checkSignUpForm; the name and age
// rules in it are the ones the api applies: a form accepts what the server accepts, and refuses
// in the same words.
import { ageInYears as ageOnDay, checkSignUpForm, dateOfBirthSchema, localCalendarDay, problemOf } from '@campus-clips/rules';
import { problemsOf, type FieldErrors } from './validation';

export interface SignupForm {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  dateOfBirth: string;
}

/** Age in full years on the browser's calendar day `today`; 0 for an empty, invalid or future date. */
export function ageInYears(dateOfBirth: string, today: Date = new Date()): number {
  return ageOnDay(dateOfBirth, localCalendarDay(today));
}

/** The 17+ rule, judged by the student's own calendar (the server allows for every time zone). */
export function dateOfBirthProblem(dateOfBirth: string, today: Date = new Date()): string | undefined {
  return problemOf(dateOfBirthSchema(localCalendarDay(today)), dateOfBirth);
}

export function validateSignup(form: SignupForm, today: Date = new Date()): FieldErrors<keyof SignupForm> {
  return problemsOf(checkSignUpForm(form, localCalendarDay(today)));
}
