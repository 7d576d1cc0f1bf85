// @campus-clips/rules: the input rules of Campus Clips, one source for the api and the web app.
export { LIMITS } from './limits';
export { MESSAGES, TEXT_MESSAGES } from './messages';
export { charCount } from './characters';
export { multiLineText, multiLineTextProblem, singleLineText, singleLineTextProblem, textMessages, type TextMessages } from './text';
export { checkField, problemOf, type Checked } from './check';
export { acceptableDisplayName, displayNameSchema, bioSchema } from './profile';
export { INTEREST_CATALOGUE, interestsSchema, isInterest, type Interest } from './interests';
export { captionSchema, tagsSchema, normaliseTag, normaliseTags, parseTags } from './post';
export { commentTextSchema } from './comment';
export { calendarDateOutOfRange, calendarDateSchema, calendarYears, eventNameSchema, isIsoDate, isoDateSchema } from './calendar';
export {
  EVENT_MESSAGES,
  defaultEventName,
  eventDayTooFar,
  eventPlaceProblem,
  lastEventDay,
  minutesOfDay,
  parseClockTime,
  type ClockTime,
} from './event';
export { ageInYears, dateOfBirthSchema, earliestCalendarDay, localCalendarDay, type CalendarDay } from './age';
export { MEDIA_FILES, VIDEO_LIMITS, checkMediaFile, checkVideoMetadata, type MediaKind } from './media';
