import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../graphql-context';
import { User } from '../users';
import { Mention, type StoredMention } from './mention.types';

@Resolver(() => Mention)
export class MentionResolver {
  /**
   * Through the request's user loader, with the authors on the page: a page of posts or comments
   * costs no statement for its mentions beyond the one that loads the people (often none extra).
   */
  @FieldResolver(() => User, {
    nullable: true,
    description: 'The mentioned account; null when the viewer may not see it (a block either way) or it was deleted',
  })
  user(@Root() mention: StoredMention, @Ctx() { loaders, sharedAcrossViewers }: GraphQLContext): Promise<User | null> {
    // One live comment answered for all its subscribers cannot know each one's blocks: nobody's.
    if (sharedAcrossViewers) return Promise.resolve(null);
    return loaders.user.load(mention.uid);
  }
}
