import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { OrganizationCardFieldsFragment } from '../../graphql/graphql';
import { CATEGORY_LABELS, memberCountText, viewerStanding } from './organization-labels';
import { OrganizationPicture } from '../../shared/components/organization-picture';

/** A row of the directory or a profile's list: picture, name (the link), category, campus, members and the viewer's place. */
export function OrganizationRow({
  organization,
  rowRef,
}: {
  organization: OrganizationCardFieldsFragment;
  /** The directory watches its last row to load the next page. */
  rowRef?: Ref<HTMLLIElement>;
}) {
  const standing = viewerStanding(organization.viewerRole, organization.viewerMembership);
  return (
    <li ref={rowRef} className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <OrganizationPicture photoURL={organization.photoURL} name={organization.name} size={48} />
      <div className="min-w-0 flex-1">
        <Link
          to={`/org/${encodeURIComponent(organization.slug)}`}
          className="block truncate font-semibold text-gray-900 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {organization.name}
        </Link>
        <p className="text-sm text-gray-600">
          {CATEGORY_LABELS[organization.category]}
          {organization.campus && ` · ${organization.campus.name}`}
          {` · ${memberCountText(organization.memberCount)}`}
        </p>
      </div>
      {standing && <span className="shrink-0 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800">{standing}</span>}
    </li>
  );
}
