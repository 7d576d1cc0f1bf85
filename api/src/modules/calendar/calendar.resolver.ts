import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { LocalDateScalar } from '../../shared/graphql/scalars';
import { Post } from '../posts';
import { CalendarEvent } from './calendar-event.entity';

@Resolver(() => CalendarEvent)
export class CalendarResolver {
  @RequireUser()
  @Query(() => [CalendarEvent], { description: "The viewer's own events, by date" })
  async calendarEvents(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<CalendarEvent[]> {
    return services.calendar.list(viewer, viewer.uid);
  }

  @RequireUser()
  @RateLimited('calendar')
  @Mutation(() => CalendarEvent, { description: "Saves the day's event, replacing any already there" })
  async saveCalendarEvent(
    @Arg('date', () => LocalDateScalar) date: string,
    @Arg('name') name: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<CalendarEvent> {
    return services.calendar.save(viewer, { userUid: viewer.uid, date }, name);
  }

  @RequireUser()
  @RateLimited('calendar')
  @Mutation(() => Boolean, { description: 'True when there was an event that day' })
  async deleteCalendarEvent(
    @Arg('date', () => LocalDateScalar) date: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.calendar.delete(viewer, { userUid: viewer.uid, date });
  }

  @FieldResolver(() => Post, {
    nullable: true,
    description: 'The event post it came from, while the caller may see it; null for a plain entry or a deleted post',
  })
  async post(@Root() event: CalendarEvent, @Ctx() { loaders }: GraphQLContext): Promise<Post | null> {
    // Through the request's post loader: a month of linked days is one statement, and the
    // visibility rule (blocks, suspensions, hidden posts) is the loader's.
    return event.postId ? loaders.post.load(event.postId) : null;
  }
}
