import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Public, RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import { toConnection, type Connection } from '../../shared/graphql/connection';
import { LocalDateScalar } from '../../shared/graphql/scalars';
import { cursorPage } from '../../shared/paging';
import type { Viewer } from '../../shared/viewer';
import { CampusScope } from '../campuses';
import type { GraphQLContext } from '../graphql-context';
import { Post, PostConnection, primePostListPage } from '../posts';
import { AddToCalendarResult, eventOf, PostEvent } from './event.types';

/** The Events page, adding an event to one's calendar, and the calendar feed's address. */
@Resolver()
export class EventsResolver {
  @Public()
  @Query(() => PostConnection, {
    description: "Upcoming event posts (not yet ended), soonest first; from/to filter by the event's local date, inclusive",
  })
  async events(
    @Arg('first', () => Int, { nullable: true, defaultValue: 10 }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('tag', () => String, { nullable: true }) tag: string | null,
    @Arg('from', () => LocalDateScalar, { nullable: true }) from: string | null,
    @Arg('to', () => LocalDateScalar, { nullable: true }) to: string | null,
    @Arg('scope', () => CampusScope, { nullable: true, defaultValue: CampusScope.MINE, description: "MINE: the viewer's campus's events" })
    scope: CampusScope | null,
    @Arg('fromMyOrganizations', () => Boolean, {
      nullable: true,
      defaultValue: false,
      description: "Only events posted as the organizations the viewer belongs to (every campus's); none when signed out",
    })
    fromMyOrganizations: boolean | null,
    @Ctx() { services, viewer, loaders }: GraphQLContext,
  ): Promise<Connection<Post>> {
    const filter = { tag, from, to, fromMyOrganizations };
    const upcoming = await services.events.upcoming(viewer, cursorPage(first, after), filter, scope ?? CampusScope.MINE);
    const page = primePostListPage(loaders, upcoming);
    return toConnection(page, (post) => ({ createdAt: post.eventStartsAt!, id: post.id }));
  }

  @RequireUser()
  @Query(() => String, { nullable: true, description: "The viewer's private iCalendar address, or null when none was made yet" })
  async calendarFeedUrl(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<string | null> {
    return services.calendarFeeds.url(viewer);
  }

  @RequireUser()
  @RateLimited('calendar')
  @Mutation(() => AddToCalendarResult, {
    description: "Puts an event post in the viewer's calendar on its day (one event a day: see the outcome)",
  })
  async addEventToCalendar(
    @Arg('postId', () => ID) postId: string,
    @Arg('replace', () => Boolean, { defaultValue: false }) replace: boolean,
    @SignedIn() viewer: Viewer,
    @Ctx() { services }: GraphQLContext,
  ): Promise<AddToCalendarResult> {
    return services.events.addToCalendar(viewer, postId, replace);
  }

  @RequireUser()
  @RateLimited('calendarFeed')
  @Mutation(() => String, { description: 'Makes (or replaces) the secret calendar feed address; the old one stops at once' })
  async resetCalendarFeed(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<string> {
    return services.calendarFeeds.reset(viewer);
  }
}

/** `Post.event`: from the post's own columns, so a page of posts costs no statement more. */
@Resolver(() => Post)
export class PostEventResolver {
  @FieldResolver(() => PostEvent, { nullable: true, description: 'The event the post announces; null for an ordinary post' })
  event(@Root() post: Post): PostEvent | null {
    return eventOf(post);
  }
}
