/**
 * The limits of spec §5 and DECISIONS D10, for the api and the web app alike. Lengths are in
 * characters as characters.ts counts them (code points: an emoji is one).
 */
export const LIMITS = {
  minAge: 17,
  displayName: { min: 2, max: 50 },
  bio: 500,
  caption: 2200,
  tags: { count: 30, length: 50 },
  comment: 1000,
  eventName: 200,
  eventPlace: 200,
  /** An event post's day: from today to this many years ahead, on the event's own calendar. */
  eventYearsAhead: 2,
  /** A calendar entry's year: from 1900 (nobody plans a lecture before it) to ten years ahead. */
  calendarYears: { first: 1900, ahead: 10 },
  pageSize: { default: 10, max: 50 },
} as const;
