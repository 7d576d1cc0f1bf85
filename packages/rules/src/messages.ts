import { LIMITS } from './limits';
import { textMessages } from './text';

/** 2200 -> '2,200', as the messages write numbers. */
function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * What a student is told when an input breaks a rule: the same words from the form and from the
 * server. The spec's own words where it has them (§5: the name and age messages, the video one).
 */
export const MESSAGES = {
  displayNameShort: 'Please enter your full name (minimum 2 characters)',
  displayNameLong: `Display name must be at most ${LIMITS.displayName.max} characters`,
  underage: 'You must be at least 17 years old to sign up',
  bioLong: `Bio must be at most ${LIMITS.bio} characters`,
  captionLong: `Caption must be at most ${grouped(LIMITS.caption)} characters`,
  tooManyTags: `Use at most ${LIMITS.tags.count} tags`,
  tagLong: `Each tag must be at most ${LIMITS.tags.length} characters`,
  commentEmpty: 'Comment cannot be empty',
  commentLong: `Comment must be at most ${grouped(LIMITS.comment)} characters`,
  eventNameEmpty: 'Please enter an event name.',
  eventNameLong: `Event name must be at most ${LIMITS.eventName} characters`,
  interestUnknown: 'Please choose interests from the list',
  videoMissing: 'Please upload a video first',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  tooManyMentions: `You can mention at most ${LIMITS.mentions} people`,
  reportDetailsLong: `Details must be at most ${grouped(LIMITS.reportDetails)} characters`,
  moderatorNoteMissing: 'Please say why (the author is told)',
  moderatorNoteLong: `Note must be at most ${grouped(LIMITS.moderatorNote)} characters`,
  searchLong: `A search must be at most ${LIMITS.searchQuery} characters`,
  organizationNameShort: `Organization name must be at least ${LIMITS.organizationName.min} characters`,
  organizationNameLong: `Organization name must be at most ${LIMITS.organizationName.max} characters`,
  organizationSlugInvalid: `The address must be ${LIMITS.organizationSlug.min} to ${LIMITS.organizationSlug.max} lowercase letters, digits or hyphens, starting and ending with a letter or digit`,
  organizationSlugReserved: 'This address is reserved. Please choose another.',
  organizationDescriptionLong: `Description must be at most ${grouped(LIMITS.organizationDescription)} characters`,
  organizationCategoryUnknown: 'Please choose a category from the list',
  organizationJoinModeUnknown: 'Please choose who may join: anyone, or by request',
  suspensionDaysInvalid: `Suspend for ${LIMITS.suspensionDays.min} to ${grouped(LIMITS.suspensionDays.max)} days, or leave empty for good`,
} as const;

/**
 * What each text field says of a character it cannot hold (text.ts): a line break in a one-line
 * field, a control character, a text-direction override. The calendar's entry and an event post
 * share the event name's words.
 */
export const TEXT_MESSAGES = {
  displayName: textMessages('Display name'),
  eventName: textMessages('Event name'),
  place: textMessages('Place'),
  bio: textMessages('Bio'),
  caption: textMessages('Caption'),
  comment: textMessages('Comment'),
  reportDetails: textMessages('Details'),
  moderatorNote: textMessages('Note'),
  organizationName: textMessages('Organization name'),
  organizationDescription: textMessages('Description'),
} as const;
