import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequireUser } from '../../graphql/access';
import type { GraphQLContext } from '../../graphql/context';
import { LocalDateScalar } from '../../graphql/scalars';
import { CalendarEvent } from './calendar-event.entity';

@Resolver(() => CalendarEvent)
export class CalendarResolver {
  @RequireUser()
  @Query(() => [CalendarEvent], { description: "The viewer's own events, by date" })
  async calendarEvents(@Ctx() { viewer, services }: GraphQLContext): Promise<CalendarEvent[]> {
    return services.calendar.list(viewer);
  }

  @RequireUser()
  @Mutation(() => CalendarEvent, { description: "Saves the day's event, replacing any already there" })
  async saveCalendarEvent(
    @Arg('date', () => LocalDateScalar) date: string,
    @Arg('name') name: string,
    @Ctx() { viewer, services }: GraphQLContext,
  ): Promise<CalendarEvent> {
    return services.calendar.save(viewer, date, name);
  }

  @RequireUser()
  @Mutation(() => Boolean, { description: 'True when there was an event that day' })
  async deleteCalendarEvent(
    @Arg('date', () => LocalDateScalar) date: string,
    @Ctx() { viewer, services }: GraphQLContext,
  ): Promise<boolean> {
    return services.calendar.delete(viewer, date);
  }
}
