import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { type User, UserViewerCan } from '../users';
import { blockPolicy } from './block.policy';

/** Blocks' rows of `User.viewerCan`. */
export const BLOCK_VIEWER_CAN = {
  block: exposed(blockPolicy, 'block', (user: User) => user.id),
  mute: exposed(blockPolicy, 'mute', (user: User) => user.id),
} satisfies ViewerCanFields<User>;

@Resolver(() => UserViewerCan)
export class BlockViewerCanResolver {
  @FieldResolver(() => Boolean, { description: 'blockUser: anyone but oneself' })
  block(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(BLOCK_VIEWER_CAN.block, viewer, user);
  }

  @FieldResolver(() => Boolean, { description: 'muteUser: anyone but oneself' })
  mute(@Root() user: User, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(BLOCK_VIEWER_CAN.mute, viewer, user);
  }
}
