import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { UserOrganizationsDocument } from '../../graphql/graphql';
import { OrganizationRow } from './organization-row';

const SHOWN = 20;

/**
 * The organizations a student belongs to, on their profile (issue 26): only those they chose to
 * show (the api leaves the others out), so nothing at all when there are none. `frame` is the
 * frame the profile puts it in, given the list.
 */
export function UserOrganizations({ userId, frame }: { userId: string; frame: (list: ReactNode) => ReactNode }) {
  const { data } = useQuery(UserOrganizationsDocument, { variables: { userId, first: SHOWN } });
  const edges = data?.user?.organizations?.edges ?? [];
  if (edges.length === 0) return null;
  return frame(
    <ul className="space-y-2" aria-label="Organizations">
      {edges.map(({ node }) => (
        <OrganizationRow key={node.id} organization={node} />
      ))}
    </ul>,
  );
}
