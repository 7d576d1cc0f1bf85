// The words for an organization's fixed lists (issue 26): categories (the shared rules' list and
// labels), join modes and roles, in the order the forms and the directory's filter offer them.
import { ORGANIZATION_CATEGORIES, ORGANIZATION_CATEGORY_LABELS } from '@campus-clips/rules';
import type { MembershipState, OrganizationCategory, OrganizationJoinMode, OrganizationRole } from '../../graphql/graphql';

/** The shared rules' labels ('Student government'), by the GraphQL enum's names. */
export const CATEGORY_LABELS = Object.fromEntries(
  ORGANIZATION_CATEGORIES.map((key) => [key.toUpperCase(), ORGANIZATION_CATEGORY_LABELS[key]]),
) as Record<OrganizationCategory, string>;

/** Every category, as the issue lists them ('other' last). */
export const CATEGORIES = Object.keys(CATEGORY_LABELS) as OrganizationCategory[];

export function isCategory(value: string | null | undefined): value is OrganizationCategory {
  return value != null && value in CATEGORY_LABELS;
}

export const JOIN_MODE_LABELS: Record<OrganizationJoinMode, { label: string; hint: string }> = {
  OPEN: { label: 'Open', hint: 'Anyone can join at once.' },
  REQUEST: { label: 'By request', hint: 'Students ask to join; an officer approves or declines.' },
};

export const ROLE_LABELS: Record<OrganizationRole, string> = {
  OWNER: 'Owner',
  OFFICER: 'Officer',
  MEMBER: 'Member',
};

/** 1 member, 12 members. */
export function memberCountText(count: number): string {
  const members = Math.max(0, count);
  return `${members} ${members === 1 ? 'member' : 'members'}`;
}

/** What a row says about the viewer's place in it, or null when they have none. */
export function viewerStanding(role: OrganizationRole | null | undefined, membership: MembershipState): string | null {
  if (role) return role === 'MEMBER' ? 'Member' : ROLE_LABELS[role];
  return membership === 'REQUESTED' ? 'Requested' : null;
}
