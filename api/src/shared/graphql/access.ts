import { Authorized, Extensions, createParameterDecorator, type AuthChecker } from 'type-graphql';
import { requireViewer } from '../policy';
import type { Viewer } from '../viewer';

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

/** Any context with a verified caller (or null) will do: modules/graphql-context.ts's GraphQLContext is one. */
export const authChecker: AuthChecker<{ viewer: Viewer | null }> = ({ context }) => context.viewer !== null;

/**
 * The signed-in caller as a non-null Viewer, for a @RequireUser() field: the one place a resolver
 * turns the context's `Viewer | null` into the Viewer services act for (UNAUTHENTICATED otherwise).
 */
export function SignedIn() {
  return createParameterDecorator<{ viewer: Viewer | null }>(({ context }) => requireViewer(context.viewer));
}
