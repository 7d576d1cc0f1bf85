// The events feature's public API (issue 18): the panel an event post's card shows, the create-post
// form's event fields and their checks, and Settings' calendar feed section. The Events page is a
// list of post cards, so it lives in feed (feed/events-page.tsx), above post and the player.
export { PostEventPanel } from './post-event-panel';
export { EventFields } from './event-fields';
export { checkEventDraft, emptyEventDraft, type EventDraft } from './event-draft';
export { CalendarFeedSettings } from './calendar-feed-settings';
