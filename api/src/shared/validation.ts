import { ValidationError } from './errors';

/**
 * Input rules shared by every entry point: spec §5, §9 and DECISIONS D6, D10. Messages are the
 * spec's own words where it has them.
 */
export const LIMITS = {
  minAge: 17,
  displayName: { min: 2, max: 50 },
  bio: 500,
  caption: 2200,
  tags: { count: 30, length: 50 },
  comment: 1000,
  eventName: 200,
  pageSize: { default: 10, max: 50 },
} as const;

export const INTEREST_CATALOGUE = [
  'Basketball', 'Football', 'Soccer', 'Tennis', 'Swimming', 'Anime', 'Gaming', 'Movies', 'Music', 'Reading',
  'Art', 'Photography', 'Cooking', 'Hiking', 'Travel', 'Gym', 'Yoga', 'Dance', 'Technology', 'Fashion',
  'Chemistry', 'Physics', 'Mathematics', 'Biology', 'History', 'Computer Science', 'Psychology', 'Philosophy',
  'Economics', 'Politics', 'Environment',
] as const;

export const MESSAGES = {
  displayNameShort: 'Please enter your full name (minimum 2 characters)',
  displayNameLong: `Display name must be at most ${LIMITS.displayName.max} characters`,
  underage: 'You must be at least 17 years old to sign up',
  bioLong: `Bio must be at most ${LIMITS.bio} characters`,
  captionLong: 'Caption must be at most 2,200 characters',
  tooManyTags: `Use at most ${LIMITS.tags.count} tags`,
  tagLong: `Each tag must be at most ${LIMITS.tags.length} characters`,
  commentEmpty: 'Comment cannot be empty',
  commentLong: 'Comment must be at most 1,000 characters',
  eventNameEmpty: 'Please enter an event name.',
  eventNameLong: `Event name must be at most ${LIMITS.eventName} characters`,
  interestUnknown: 'Please choose interests from the list',
  videoMissing: 'Please upload a video first',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
} as const;

/** Collects field problems so one request reports all of them at once. */
export class FieldProblems {
  private readonly fields: Record<string, string> = {};

  add(field: string, message: string): void {
    if (!(field in this.fields)) this.fields[field] = message;
  }

  throwIfAny(): void {
    if (Object.keys(this.fields).length) throw new ValidationError({ ...this.fields });
  }
}

/** Counts user-perceived characters, so an emoji is one character, not two UTF-16 units. */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ValidationError({ [field]: `${field} must be text` });
  return value;
}

export function checkDisplayName(problems: FieldProblems, value: string | null | undefined, field = 'displayName'): string | undefined {
  if (value === undefined || value === null) return undefined;
  const name = value.trim();
  if (charCount(name) < LIMITS.displayName.min) problems.add(field, MESSAGES.displayNameShort);
  else if (charCount(name) > LIMITS.displayName.max) problems.add(field, MESSAGES.displayNameLong);
  return name;
}

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Age in full years on `today` (birthday counted); 0 for an invalid or future date, as spec §5 says. */
export function ageInYears(dateOfBirth: string, today: Date = new Date()): number {
  if (!isIsoDate(dateOfBirth)) return 0;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const todayYear = today.getUTCFullYear();
  const todayMonth = today.getUTCMonth() + 1;
  const todayDay = today.getUTCDate();
  let age = todayYear - year;
  if (todayMonth < month || (todayMonth === month && todayDay < day)) age--;
  return Math.max(age, 0);
}

export function checkDateOfBirth(problems: FieldProblems, value: string | null | undefined, today = new Date()): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (ageInYears(value, today) < LIMITS.minAge) problems.add('dateOfBirth', MESSAGES.underage);
  return value;
}

export function checkBio(problems: FieldProblems, value: string | null | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (charCount(value) > LIMITS.bio) problems.add('bio', MESSAGES.bioLong);
  return value;
}

export function checkInterests(problems: FieldProblems, value: readonly string[] | null | undefined): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const known = new Set<string>(INTEREST_CATALOGUE);
  if (value.some((interest) => !known.has(interest))) problems.add('interests', MESSAGES.interestUnknown);
  return [...new Set(value)];
}

export function checkCaption(problems: FieldProblems, value: string | null | undefined): string {
  const caption = (value ?? '').trim();
  if (charCount(caption) > LIMITS.caption) problems.add('caption', MESSAGES.captionLong);
  return caption;
}

/**
 * Tags arrive as a list or as one comma-separated string (the spec's create call). They are kept
 * without a leading '#', trimmed, lower-cased and without repeats.
 */
export function checkTags(problems: FieldProblems, value: readonly string[] | string | null | undefined): string[] {
  const raw = typeof value === 'string' ? value.split(',') : (value ?? []);
  const tags = [...new Set(raw.map((tag) => tag.trim().replace(/^#+/, '').trim().toLowerCase()).filter(Boolean))];
  if (tags.length > LIMITS.tags.count) problems.add('tags', MESSAGES.tooManyTags);
  else if (tags.some((tag) => charCount(tag) > LIMITS.tags.length)) problems.add('tags', MESSAGES.tagLong);
  return tags;
}

export function checkCommentText(problems: FieldProblems, value: string): string {
  const text = value.trim();
  if (!text) problems.add('text', MESSAGES.commentEmpty);
  else if (charCount(text) > LIMITS.comment) problems.add('text', MESSAGES.commentLong);
  return text;
}

export function checkEventName(problems: FieldProblems, value: string): string {
  const name = value.trim();
  if (!name) problems.add('eventName', MESSAGES.eventNameEmpty);
  else if (charCount(name) > LIMITS.eventName) problems.add('eventName', MESSAGES.eventNameLong);
  return name;
}

export function checkDate(problems: FieldProblems, value: string, field = 'date'): string {
  if (!isIsoDate(value)) problems.add(field, MESSAGES.dateInvalid);
  return value;
}

/** Page size: default 10, at most 50, at least 1. */
export function pageSize(first: number | null | undefined): number {
  if (first === undefined || first === null || !Number.isFinite(first)) return LIMITS.pageSize.default;
  return Math.min(Math.max(Math.trunc(first), 1), LIMITS.pageSize.max);
}
