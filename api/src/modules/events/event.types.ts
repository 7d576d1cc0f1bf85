import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../shared/graphql/scalars';
import { CalendarEvent } from '../calendar';
import { Post } from '../posts';
import { shortTime } from './event-time';

@ObjectType('PostEvent', { description: 'An event a post announces; times are in the zone the author created it in' })
export class PostEvent {
  @Field({ description: "At most 200 characters; the caption's first line when none was given" })
  name!: string;

  @Field(() => LocalDateScalar, { description: 'The local day of the start, in timeZone' })
  date!: string;

  @Field({ description: 'Local "HH:MM" (24 h)' })
  startTime!: string;

  @Field(() => String, { nullable: true, description: 'Local "HH:MM", the same day, after startTime' })
  endTime!: string | null;

  @Field({ description: 'IANA time zone, e.g. "Europe/London"' })
  timeZone!: string;

  @Field({ description: 'The instant of the start' })
  startsAt!: Date;

  @Field(() => Date, { nullable: true })
  endsAt!: Date | null;

  @Field(() => String, { nullable: true })
  place!: string | null;

  @Field(() => Int, { description: 'How many students have it in their calendar now' })
  addedCount!: number;
}

/** A post's event from its own columns (no statement), or null for an ordinary post. */
export function eventOf(post: Post): PostEvent | null {
  if (!post.eventStartsAt || !post.eventName || !post.eventDate || !post.eventStartTime || !post.eventTimeZone) return null;
  return {
    name: post.eventName,
    date: post.eventDate,
    startTime: shortTime(post.eventStartTime),
    endTime: post.eventEndTime ? shortTime(post.eventEndTime) : null,
    timeZone: post.eventTimeZone,
    startsAt: post.eventStartsAt,
    endsAt: post.eventEndsAt,
    place: post.eventPlace,
    addedCount: post.eventAddedCount,
  };
}

/** What adding an event post to one's calendar did, by the calendar's one-event-a-day rule. */
export enum AddToCalendarOutcome {
  /** The day was empty: the event is there now. */
  ADDED = 'ADDED',
  /** The day already holds this post: nothing changed. */
  ALREADY_ADDED = 'ALREADY_ADDED',
  /** The day holds something else and replace was false: nothing changed. */
  DAY_TAKEN = 'DAY_TAKEN',
  /** The day held something else and replace was true: the event took its place. */
  REPLACED = 'REPLACED',
}
registerEnumType(AddToCalendarOutcome, { name: 'AddToCalendarOutcome' });

@ObjectType('AddToCalendarResult')
export class AddToCalendarResult {
  @Field(() => AddToCalendarOutcome)
  outcome!: AddToCalendarOutcome;

  @Field(() => CalendarEvent, { nullable: true, description: "The day's entry after the call (for DAY_TAKEN: the one there, unchanged)" })
  entry!: CalendarEvent | null;

  @Field(() => Post, { description: 'The post, with its new addedCount' })
  post!: Post;
}
