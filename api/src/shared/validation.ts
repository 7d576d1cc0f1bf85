import {
  INTEREST_CATALOGUE,
  LIMITS,
  MESSAGES,
  bioSchema,
  calendarDateSchema,
  charCount,
  checkField,
  dateOfBirthSchema,
  displayNameSchema,
  earliestCalendarDay,
  eventNameSchema,
  interestsSchema,
  isIsoDate,
  isoDateSchema,
  type Checked,
  type FormChecked,
} from '@campus-clips/rules';
import { ValidationError } from './errors';

export { acceptableDisplayName } from '@campus-clips/rules';

/**
 * Input rules shared by every entry point: spec §5, §9 and DECISIONS D6, D10. The rules, limits
 * and messages are @campus-clips/rules', the same the web app's forms use; this file only reports
 * what they refuse as field problems.
 */
export { INTEREST_CATALOGUE, LIMITS, MESSAGES, charCount, isIsoDate };
export { TEXT_MESSAGES, multiLineTextProblem } from '@campus-clips/rules';

/** Collects field problems so one request reports all of them at once. */
export class FieldProblems {
  private readonly fields: Record<string, string> = {};

  add(field: string, message: string): void {
    if (!(field in this.fields)) this.fields[field] = message;
  }

  /** The value a rule cleaned, or `fallback` with the rule's message added for `field`. */
  take<T>(field: string, checked: Checked<T>, fallback: T): T {
    if (checked.ok) return checked.value;
    this.add(field, checked.message);
    return fallback;
  }

  /** A form's cleaned values (a @campus-clips/rules form check), or `fallback` with each field's problem added. */
  takeForm<T>(checked: FormChecked<T>, fallback: T): T {
    if (checked.ok) return checked.value;
    for (const [field, message] of Object.entries(checked.problems)) this.add(field, message);
    return fallback;
  }

  throwIfAny(): void {
    if (Object.keys(this.fields).length) throw new ValidationError({ ...this.fields });
  }
}

export function checkDisplayName(problems: FieldProblems, value: string | null | undefined, field = 'displayName'): string | undefined {
  if (value === undefined || value === null) return undefined;
  return problems.take(field, checkField(displayNameSchema, value), value.trim());
}

/**
 * The 17+ rule (§5, D8), judged on today's date in UTC+14: a browser decides by its own calendar
 * day, so the server must not refuse a birthday that some student's calendar has already reached.
 */
export function checkDateOfBirth(problems: FieldProblems, value: string | null | undefined, now = new Date()): string | undefined {
  if (value === undefined || value === null) return undefined;
  return problems.take('dateOfBirth', checkField(dateOfBirthSchema(earliestCalendarDay(now)), value), value);
}

export function checkBio(problems: FieldProblems, value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return problems.take('bio', checkField(bioSchema, value), value);
}

export function checkInterests(problems: FieldProblems, value: readonly string[] | null | undefined): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  return problems.take('interests', checkField(interestsSchema, [...value]), [...value]);
}

export function checkEventName(problems: FieldProblems, value: string): string {
  return problems.take('eventName', checkField(eventNameSchema, value), value.trim());
}

export function checkDate(problems: FieldProblems, value: string, field = 'date'): string {
  return problems.take(field, checkField(isoDateSchema, value), value);
}

/**
 * A day to save in a calendar: a real date in 1900 to ten years ahead, the years judged on today in
 * UTC+14 (as the age rule) so no browser's calendar ever offers a year the server refuses.
 */
export function checkCalendarDate(problems: FieldProblems, value: string, now = new Date(), field = 'date'): string {
  return problems.take(field, checkField(calendarDateSchema(earliestCalendarDay(now)), value), value);
}

/** Page size: default 10, at most 50, at least 1. */
export function pageSize(first: number | null | undefined): number {
  if (first === undefined || first === null || !Number.isFinite(first)) return LIMITS.pageSize.default;
  return Math.min(Math.max(Math.trunc(first), 1), LIMITS.pageSize.max);
}
