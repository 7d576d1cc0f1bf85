import { Ctx, Mutation, Resolver } from 'type-graphql';
import { RequireUser, SignedIn } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { Viewer } from '../../shared/viewer';
import type { GraphQLContext } from '../graphql-context';

@Resolver()
export class AccountResolver {
  @RequireUser()
  @RateLimited('account')
  @Mutation(() => Boolean, { description: 'Deletes the caller’s account and everything they own (D3)' })
  async deleteAccount(@SignedIn() viewer: Viewer, @Ctx() { services }: GraphQLContext): Promise<boolean> {
    return services.accounts.delete(viewer);
  }
}
