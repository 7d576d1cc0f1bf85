import { Authorized, Extensions, type AuthChecker } from 'type-graphql';
import type { GraphQLContext } from './context';

/**
 * Every root field states who may call it (as RedwoodJS's @requireAuth/@skipAuth): nothing is
 * public or private by accident. A test fails if a root field has neither.
 */
export function RequireUser(): MethodDecorator {
  return (target, key, descriptor) => {
    Authorized()(target, key, descriptor);
    Extensions({ access: 'user' })(target, key, descriptor);
  };
}

export function Public(): MethodDecorator {
  return (target, key, descriptor) => {
    Extensions({ access: 'public' })(target, key, descriptor);
  };
}

export const authChecker: AuthChecker<GraphQLContext> = ({ context }) => context.viewer !== null;
