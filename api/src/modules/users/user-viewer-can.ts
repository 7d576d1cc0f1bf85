import { Ctx, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { User } from './user.entity';
import { userPolicy } from './user.policy';

/**
 * `User.viewerCan`: what the caller may do to this person, as the policies decide. Its root is the
 * profile itself; users answer their own rows here, follows, blocks and moderation add theirs.
 */
@ObjectType('UserViewerCan', { description: 'What the caller may do to this person, as the api decides it: ask, never re-decide' })
export class UserViewerCan {}

export const USER_VIEWER_CAN = {
  update: exposed(userPolicy, 'update', (user: User) => user),
} satisfies ViewerCanFields<User>;

@Resolver(() => UserViewerCan)
export class UserViewerCanResolver {
  @FieldResolver(() => Boolean, { description: 'updateProfile: its owner' })
  update(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(USER_VIEWER_CAN.update, viewer, user);
  }
}
