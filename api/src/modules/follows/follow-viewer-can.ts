import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { type User, UserViewerCan } from '../users';
import { followPolicy } from './follow.policy';

/** Follows' rows of `User.viewerCan`. */
export const FOLLOW_VIEWER_CAN = {
  follow: exposed(followPolicy, 'follow', (user: User) => user.id),
} satisfies ViewerCanFields<User>;

@Resolver(() => UserViewerCan)
export class FollowViewerCanResolver {
  @FieldResolver(() => Boolean, { description: 'follow: anyone but oneself' })
  follow(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(FOLLOW_VIEWER_CAN.follow, viewer, user);
  }
}
