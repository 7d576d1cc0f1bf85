import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';
import { LocalDateScalar } from '../../shared/graphql/scalars';
import { CalendarEvent } from './calendar-event.entity';

@Resolver(() => CalendarEvent)
export class CalendarResolver {
  @RequireUser()
  @Query(() => [CalendarEvent], { description: "The viewer's own events, by date" })
  async calendarEvents(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<CalendarEvent[]> {
    return services.calendar.list(viewer, viewer.uid);
  }

  @RequireUser()
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
  @Mutation(() => Boolean, { description: 'True when there was an event that day' })
  async deleteCalendarEvent(
    @Arg('date', () => LocalDateScalar) date: string,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<boolean> {
    return services.calendar.delete(viewer, { userUid: viewer.uid, date });
  }
}
