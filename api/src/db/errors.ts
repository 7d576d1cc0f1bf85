import { AppError, NotFoundError, ValidationError, ForbiddenError } from '../shared/errors';

/**
 * Turns a constraint the database enforced into the message a user should see. The database is the
 * last word on references and checks; this keeps the services from asking first.
 */
const CONSTRAINT_ERRORS: Record<string, () => AppError> = {
  likes_post_id_fkey: () => new NotFoundError('Post not found'),
  comments_post_id_fkey: () => new NotFoundError('Post not found'),
  follows_followee_uid_fkey: () => new NotFoundError('User not found'),
  follows_not_self: () => new ValidationError({ userId: 'You cannot follow yourself.' }),
  likes_user_uid_fkey: () => profileMissing(),
  comments_author_uid_fkey: () => profileMissing(),
  follows_follower_uid_fkey: () => profileMissing(),
  posts_author_uid_fkey: () => profileMissing(),
  calendar_events_user_uid_fkey: () => profileMissing(),
};

function profileMissing(): AppError {
  return new ForbiddenError('Please finish setting up your profile first.');
}

export function translateDbError(error: unknown): unknown {
  const constraint = (error as { constraint?: string; driverError?: { constraint?: string } }).constraint ??
    (error as { driverError?: { constraint?: string } }).driverError?.constraint;
  const make = constraint ? CONSTRAINT_ERRORS[constraint] : undefined;
  return make ? make() : error;
}

/** Runs a database write, translating constraint violations into user-facing errors. */
export async function withConstraintMessages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDbError(error);
  }
}
