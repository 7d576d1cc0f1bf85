import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { OrganizationPageDocument } from '../../graphql/graphql';
import { ErrorBox } from '../../shared/components/error-box';
import { ProfileSkeleton } from '../../shared/components/skeleton';
import { errorMessage } from '../../shared/lib/graphql-error';
import { useDocumentTitle } from '../../shared/hooks/document-title';
import { FormFrame, OrganizationForm } from './organization-form';

/** /org/:slug/edit: its officers and owner change its picture, name, description, category and join mode. */
export default function EditOrganizationPage() {
  const { slug = '' } = useParams();
  const { data, loading, error } = useQuery(OrganizationPageDocument, { variables: { slug }, skip: !slug });
  const organization = data?.organization;
  const title = organization ? `Edit ${organization.name}` : 'Edit organization';
  useDocumentTitle(title);
  let body: ReactNode;
  if (loading && !data) body = <ProfileSkeleton label="Loading organization" tiles={0} />;
  else if (error && !data) body = <ErrorBox message={errorMessage(error, 'Failed to load organization')} />;
  else if (!organization) body = <p className="text-gray-700">Organization not found</p>;
  else if (!organization.viewerCan.edit) body = <p className="text-gray-700">Only the officers of this organization can edit it.</p>;
  else body = <OrganizationForm organization={organization} />;
  return <FormFrame title={title}>{body}</FormFrame>;
}
