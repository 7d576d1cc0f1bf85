import { AppError, ForbiddenError } from '../../shared/errors';

/**
 * Turns a constraint the database enforced into the message a user should see. The database is the
 * last word on references and checks; this keeps the services from asking first. Each feature
 * passes the meaning of its own constraints (likes: `likes_post_id_fkey` is posts' postNotFound),
 * so the messages stay with the features and nothing here knows them.
 */
export type ConstraintMessages = Readonly<Record<string, () => AppError>>;

/** Every table's reference to the caller's own users row: their profile is not there yet. */
const PROFILE_MISSING: ConstraintMessages = {
  likes_user_uid_fkey: profileMissing,
  comments_author_uid_fkey: profileMissing,
  follows_follower_uid_fkey: profileMissing,
  posts_author_uid_fkey: profileMissing,
  calendar_events_user_uid_fkey: profileMissing,
};

function profileMissing(): AppError {
  return new ForbiddenError('Please finish setting up your profile first.');
}

export function translateDbError(error: unknown, messages: ConstraintMessages = {}): unknown {
  const constraint =
    (error as { constraint?: string; driverError?: { constraint?: string } }).constraint ??
    (error as { driverError?: { constraint?: string } }).driverError?.constraint;
  const make = constraint ? (messages[constraint] ?? PROFILE_MISSING[constraint]) : undefined;
  return make ? make() : error;
}

/** Runs a database write, translating constraint violations into user-facing errors (`messages`: the feature's own). */
export async function withConstraintMessages<T>(work: () => Promise<T>, messages: ConstraintMessages = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateDbError(error, messages);
  }
}
