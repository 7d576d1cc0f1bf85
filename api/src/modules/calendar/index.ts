/** calendar: a student's own day events. Its public surface. */
export { CalendarEvent } from './calendar-event.entity';
export { CalendarResolver } from './calendar.resolver';
export { CalendarService, type CalendarDay } from './calendar.service';
export { calendarPolicy } from './calendar.policy';
export { calendarRestRoutes } from './calendar.rest';
