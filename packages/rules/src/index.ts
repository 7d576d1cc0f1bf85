// @campus-clips/rules: the input rules of Campus Clips, one source for the api and the web app.
export { LIMITS } from './limits';
export { MESSAGES, TEXT_MESSAGES } from './messages';
export { charCount, upTo } from './characters';
export { multiLineText, multiLineTextProblem, singleLineText, singleLineTextProblem, textMessages, type TextMessages } from './text';
export { checkField, problemOf, type Checked } from './check';
export { checkForm, type FormChecked } from './form';
export { mentionIdsSchema } from './mentions';
export { acceptableDisplayName, checkProfileForm, displayNameSchema, bioSchema } from './profile';
export { ACCOUNT_MESSAGES, checkPasswordChangeForm, checkSignInForm, checkSignUpForm, isValidEmail, passwordProblem } from './account';
export { INTEREST_CATALOGUE, interestsSchema, isInterest, type Interest } from './interests';
export { captionSchema, checkPostForm, tagsSchema, normaliseTag, normaliseTags, parseTags } from './post';
export { checkCommentForm, commentTextSchema } from './comment';
export {
  calendarDateOutOfRange,
  calendarDateSchema,
  checkCalendarEntryForm,
  calendarYears,
  eventNameSchema,
  isIsoDate,
  isoDateSchema,
} from './calendar';
export {
  EVENT_MESSAGES,
  checkEventFields,
  defaultEventName,
  eventDayTooFar,
  eventPlaceProblem,
  lastEventDay,
  minutesOfDay,
  parseClockTime,
  type CheckedEventFields,
  type ClockTime,
  type EventClock,
  type EventFields,
} from './event';
export { checkModerationForm, checkReportForm, moderatorNoteSchema, reportDetailsSchema, suspensionDaysSchema } from './moderation';
export { ageInYears, dateOfBirthSchema, earliestCalendarDay, localCalendarDay, type CalendarDay } from './age';
export { checkSearchForm, searchQuerySchema } from './search';
export { MEDIA_FILES, VIDEO_LIMITS, checkMediaFile, checkVideoMetadata, type MediaKind } from './media';
export {
  ORGANIZATION_CATEGORIES,
  ORGANIZATION_CATEGORY_LABELS,
  ORGANIZATION_JOIN_MODES,
  RESERVED_ORGANIZATION_SLUGS,
  checkOrganizationEditForm,
  checkOrganizationForm,
  organizationCategorySchema,
  organizationDescriptionSchema,
  organizationJoinModeSchema,
  organizationNameSchema,
  organizationSlugFrom,
  organizationSlugSchema,
  type CheckedOrganizationForm,
  type OrganizationCategory,
  type OrganizationEditForm,
  type OrganizationForm,
  type OrganizationJoinMode,
} from './organization';
export { CAPTION_FILES, canonicalLanguageTag, checkCaptionFile, checkCaptionTrackForm, languageName } from './caption-track';
