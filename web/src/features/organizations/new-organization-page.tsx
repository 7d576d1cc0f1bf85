import { useQuery } from '@apollo/client/react';
import { OrganizationAbilityDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ProfileSkeleton } from '../../shared/components/skeleton';
import { VerifyFirstNote } from '../../shared/components/verify-first-note';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { FormFrame, OrganizationForm } from './organization-form';

/** /organizations/new: a verified student founds an organization and becomes its owner. */
export default function NewOrganizationPage() {
  const { currentUser } = useAuth();
  const ability = useQuery(OrganizationAbilityDocument, { skip: !currentUser });
  useDocumentTitle('Create an organization');
  return (
    <FormFrame title="Create an organization">
      {ability.loading && !ability.data ? (
        <ProfileSkeleton label="Loading" tiles={0} />
      ) : ability.data && !ability.data.viewerCan.createOrganization ? (
        // Issue 25: creating one waits for a verified e-mail; the banner above has the link and the check.
        <VerifyFirstNote action="create an organization" />
      ) : (
        <OrganizationForm />
      )}
    </FormFrame>
  );
}
