/** events: event posts (Post.event), the Events page, adding an event to one's calendar, .ics files and the calendar feed. Its public surface. */
export { CalendarFeed } from './calendar-feed.entity';
export { CalendarFeedService } from './calendar-feed.service';
export { checkPostEvent, postEventChecker } from './event-input';
export { AddToCalendarOutcome, AddToCalendarResult, PostEvent, eventOf } from './event.types';
export { EventsResolver, PostEventResolver } from './events.resolver';
export { EventsService, NOT_AN_EVENT, type EventsFilter, type PublicBase } from './events.service';
export { eventsPolicy } from './events.policy';
export { eventsRestRoutes } from './events.rest';
