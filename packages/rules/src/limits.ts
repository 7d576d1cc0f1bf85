/**
 * The limits of spec §5 and DECISIONS D10, for the api and the web app alike. Lengths are in
 * characters as characters.ts counts them (code points: an emoji is one).
 */
export const LIMITS = {
  minAge: 17,
  /** A password (spec §5; Firebase keeps it, the browser checks it): at least 8 characters. */
  password: { min: 8 },
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
  /** The most different people one caption or comment may mention. */
  mentions: 10,
  /** A report's details and a moderator's note (told to the author, kept in the audit log). */
  reportDetails: 1000,
  moderatorNote: 1000,
  /** A suspension with an end: this many whole days (none at all is for good). */
  suspensionDays: { min: 1, max: 3650 },
  /** An organization (issue 26, D17): its name, its short address (/org/:slug) and its description. */
  organizationName: { min: 2, max: 60 },
  organizationSlug: { min: 3, max: 40 },
  organizationDescription: 1000,
  pageSize: { default: 10, max: 50 },
  /** What one search may ask (modules/search): longer is no search a student types, and costs more to match. */
  searchQuery: 100,
} as const;
