import { Extensions, UseMiddleware, type MiddlewareFn } from 'type-graphql';
import { RateLimitedError } from '../errors';
import { tighterOf, type RateLimitState } from '../rate-limit-outcome';
import type { LimitedAction } from '../rate-limit-table';
import type { Viewer } from '../viewer';

/**
 * What @RateLimited needs of a resolver's context (modules/graphql-context.ts's GraphQLContext is
 * one): the caller, the process's one limiter (the same instance, and so the same budget, as REST
 * and tus), and a slot for the outcome that the server's response hook turns into headers.
 */
export interface RateLimitedContext {
  viewer: Viewer | null;
  clientAddress: string | null;
  rateLimiter: { consume(action: LimitedAction, caller: { uid?: string | null; address?: string | null }): Promise<RateLimitState | null> };
  /** The tightest outcome of this request's counted fields so far; null when none counted. */
  rateLimit: RateLimitState | null;
}

/**
 * The GraphQL step of the chain viewer -> rate limit -> validate -> service: counts one `action`
 * for the caller before the resolver runs, and refuses (RateLimitedError, 429) without running it
 * when over the limit. Put it after @RequireUser(): type-graphql checks authorization first, so a
 * signed-out call is refused without being counted. The action is also on the field's extensions
 * (`rateLimit`), where a test finds any mutation that has none.
 */
export function RateLimited(action: LimitedAction): MethodDecorator {
  const countFirst: MiddlewareFn<RateLimitedContext> = async ({ context }, next) => {
    await countFor(context, action);
    return next();
  };
  return (target, key, descriptor) => {
    UseMiddleware(countFirst)(target, key, descriptor);
    Extensions({ rateLimit: action })(target, key, descriptor);
  };
}

/**
 * Counts one `action` for the request's caller as @RateLimited does, for a count only the service
 * can decide on (a sync that creates an account is a sign-up); throws RateLimitedError when over.
 */
export async function countFor(context: RateLimitedContext, action: LimitedAction): Promise<void> {
  try {
    const outcome = await context.rateLimiter.consume(action, { uid: context.viewer?.uid, address: context.clientAddress });
    context.rateLimit = tighterOf(context.rateLimit, outcome);
  } catch (error) {
    if (error instanceof RateLimitedError) context.rateLimit = tighterOf(context.rateLimit, error.state);
    throw error;
  }
}
