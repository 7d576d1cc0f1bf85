// The events feature's public API (issue 18): the panel an event post's card shows, the create-post
// form's event fields and their checks, and Settings' calendar feed section. Its page is not listed
// here: app/router.tsx loads it lazily by its own path.
export { PostEventPanel } from './post-event-panel';
export { EventFields } from './event-fields';
export { checkEventDraft, emptyEventDraft, type EventDraft } from './event-draft';
export { CalendarFeedSettings } from './calendar-feed-settings';
