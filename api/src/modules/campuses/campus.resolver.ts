import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { Public } from '../../shared/graphql/access';
import { RateLimited } from '../../shared/graphql/rate-limited';
import type { GraphQLContext } from '../graphql-context';
import { Campus } from './campus.entity';
import { SignUpCheck } from './campus.types';

@Resolver(() => Campus)
export class CampusResolver {
  @Public()
  @Query(() => [Campus], { description: 'The campuses this deployment serves, by name' })
  campuses(@Ctx() { services }: GraphQLContext): Promise<Campus[]> {
    return services.campuses.all();
  }

  @Public()
  @RateLimited('signUpCheck')
  @Query(() => SignUpCheck, {
    description:
      'Whether this address may sign up (SIGNUP_MODE), asked before the identity account is created; the server refuses the same addresses at sync',
  })
  signUpCheck(@Arg('email') email: string, @Ctx() { services }: GraphQLContext): Promise<SignUpCheck> {
    return services.campuses.signUpCheck(email.slice(0, 320));
  }
}
