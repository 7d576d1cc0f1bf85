// The form's checks are @campus-clips/rules' (the api applies the same), whose categories and join
// modes are the stored keys ('sports', 'request'); the GraphQL enums name them in capitals.
import { checkOrganizationEditForm, checkOrganizationForm, organizationSlugFrom } from '@campus-clips/rules';
import type { OrganizationCategory, OrganizationJoinMode } from '../../graphql/graphql';

export type OrganizationDraft = {
  name: string;
  slug: string;
  description: string;
  category: OrganizationCategory | '';
  joinMode: OrganizationJoinMode;
};

export type CheckedDraft =
  | {
      ok: true;
      value: { name: string; slug: string; description: string; category: OrganizationCategory; joinMode: OrganizationJoinMode };
    }
  | { ok: false; problems: Record<string, string> };

function asEnum<T extends string>(key: string): T {
  return key.toUpperCase() as T;
}

/** The create form: every field. */
export function checkNewOrganization(draft: OrganizationDraft): CheckedDraft {
  const checked = checkOrganizationForm({
    ...draft,
    category: draft.category.toLowerCase(),
    joinMode: draft.joinMode.toLowerCase(),
  });
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const { value } = checked;
  return {
    ok: true,
    value: { ...value, category: asEnum<OrganizationCategory>(value.category), joinMode: asEnum<OrganizationJoinMode>(value.joinMode) },
  };
}

/** The edit form: the address stays as it is (links to the page keep working). */
export function checkOrganizationChanges(draft: OrganizationDraft): CheckedDraft {
  const checked = checkOrganizationEditForm({
    name: draft.name,
    description: draft.description,
    category: draft.category.toLowerCase(),
    joinMode: draft.joinMode.toLowerCase(),
  });
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const { value } = checked;
  return {
    ok: true,
    value: {
      name: value.name ?? draft.name,
      slug: draft.slug,
      description: value.description ?? draft.description,
      category: asEnum<OrganizationCategory>(value.category ?? draft.category),
      joinMode: asEnum<OrganizationJoinMode>(value.joinMode ?? draft.joinMode),
    },
  };
}

/** The address suggested from the name ('Chess & Go Club!' -> 'chess-go-club'). */
export const slugFromName = organizationSlugFrom;
