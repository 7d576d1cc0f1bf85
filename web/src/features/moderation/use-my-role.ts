import { useQuery } from '@apollo/client/react';
import { ViewerAbilitiesDocument, type ViewerAbilitiesQuery } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';

type Abilities = Omit<ViewerAbilitiesQuery['viewerCan'], '__typename'>;
const NONE: Abilities = { moderate: false, grantRoles: false, readAuditLog: false };

/** What the signed-in person may do with no object in hand, as the api answers it; nothing while unknown (signed out, loading, failed). */
export function useViewerCan(): Abilities {
  const { currentUser } = useAuth();
  const { data } = useQuery(ViewerAbilitiesDocument, { skip: !currentUser });
  return (currentUser && data?.viewerCan) || NONE;
}

/** Whether the viewer acts on reports (the api's moderation policy says who). */
export function useIsModerator(): boolean {
  return useViewerCan().moderate;
}
