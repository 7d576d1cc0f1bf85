import * as z from 'zod/mini';
import { MESSAGES } from './messages';

/** The 31 interests a student can choose from (spec §4), in the order the pickers show them. */
export const INTEREST_CATALOGUE = [
  'Basketball',
  'Football',
  'Soccer',
  'Tennis',
  'Swimming',
  'Anime',
  'Gaming',
  'Movies',
  'Music',
  'Reading',
  'Art',
  'Photography',
  'Cooking',
  'Hiking',
  'Travel',
  'Gym',
  'Yoga',
  'Dance',
  'Technology',
  'Fashion',
  'Chemistry',
  'Physics',
  'Mathematics',
  'Biology',
  'History',
  'Computer Science',
  'Psychology',
  'Philosophy',
  'Economics',
  'Politics',
  'Environment',
] as const;

export type Interest = (typeof INTEREST_CATALOGUE)[number];

const catalogue: ReadonlySet<string> = new Set(INTEREST_CATALOGUE);

export function isInterest(text: string): text is Interest {
  return catalogue.has(text);
}

/** Interests only from the catalogue; repeats are dropped (the first stays). */
export const interestsSchema = z.pipe(
  z.array(z.string()).check(z.refine((interests) => interests.every(isInterest), { error: MESSAGES.interestUnknown })),
  z.transform((interests: string[]) => [...new Set(interests)]),
);
