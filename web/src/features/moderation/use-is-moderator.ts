import { useQuery } from '@apollo/client/react';
import { ModeratorCheckDocument } from '../../graphql/graphql';
import { errorCode } from '../../shared/lib/graphql-error';
import { useAuth } from '../../shared/session/auth-context';

/**
 * Whether the signed-in viewer is a moderator (or an admin). The schema has no role field yet:
 * the queue answers FORBIDDEN to everyone else. Null while unknown (loading, or the call failed).
 */
export function useIsModerator(): boolean | null {
  const { currentUser } = useAuth();
  const { data, error } = useQuery(ModeratorCheckDocument, { skip: !currentUser });
  if (!currentUser) return false;
  if (data?.moderationQueue) return true;
  if (error) return errorCode(error) === 'FORBIDDEN' ? false : null;
  return null;
}
