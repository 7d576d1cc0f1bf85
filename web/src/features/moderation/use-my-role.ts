import { useQuery } from '@apollo/client/react';
import { MyRoleDocument, type AccountRole } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';

/** The signed-in viewer's role; null while unknown (signed out, loading, or the call failed). */
export function useMyRole(): AccountRole | null {
  const { currentUser } = useAuth();
  const { data } = useQuery(MyRoleDocument, { skip: !currentUser });
  return currentUser ? (data?.myRole ?? null) : null;
}

/** Whether the viewer acts on reports (moderators and admins). */
export function useIsModerator(): boolean {
  const role = useMyRole();
  return role === 'MODERATOR' || role === 'ADMIN';
}
