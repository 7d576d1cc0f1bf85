import type { FieldProblems } from '../../shared/validation';
import type { Post } from './post.entity';

/** The event a client sends with a new post (GraphQL's PostEventInput, REST's `event` object). */
export interface PostEventFields {
  name?: string | null;
  date: string;
  startTime: string;
  endTime?: string | null;
  place?: string | null;
  timeZone: string;
}

/** A post's event columns, as stored. */
export type PostEventColumns = Pick<
  Post,
  'eventName' | 'eventDate' | 'eventStartTime' | 'eventEndTime' | 'eventTimeZone' | 'eventStartsAt' | 'eventEndsAt' | 'eventPlace'
>;

/**
 * Checks a new post's event and gives its columns (null with the problems added when it is not
 * valid). modules/events provides it (events depends on posts, so posts cannot import it) and
 * services.ts wires it, so the event rules live in one place.
 */
export interface PostEventChecker {
  check(problems: FieldProblems, event: PostEventFields, caption: string): PostEventColumns | null;
}

/** Without the events module: a post with an event is refused rather than stored without it. */
export const NO_EVENTS: PostEventChecker = {
  check(problems) {
    problems.add('event', 'Events are not available.');
    return null;
  },
};
