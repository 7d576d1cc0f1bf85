// Organizations (issue 26) shaped as the api answers them, with __typename as Apollo stores them.

type Can = {
  edit: boolean;
  join: boolean;
  leave: boolean;
  postAs: boolean;
  approve: boolean;
  removeMembers: boolean;
  manageOfficers: boolean;
  transferOwnership: boolean;
  report: boolean;
  follow: boolean;
  moderate: boolean;
};

const NOTHING: Can = {
  edit: false,
  join: false,
  leave: false,
  postAs: false,
  approve: false,
  removeMembers: false,
  manageOfficers: false,
  transferOwnership: false,
  report: false,
  follow: true,
  moderate: false,
};

/** What the api answers each standing (organization.policy's table, as the web sees it). */
export const ORGANIZATION_CAN = {
  visitor: { ...NOTHING, join: true, report: true },
  requested: { ...NOTHING, leave: true, report: true },
  member: { ...NOTHING, leave: true, report: true },
  officer: { ...NOTHING, edit: true, leave: true, postAs: true, approve: true, removeMembers: true },
  owner: { ...NOTHING, edit: true, postAs: true, approve: true, removeMembers: true, manageOfficers: true, transferOwnership: true },
  moderator: { ...NOTHING, join: true, report: true, moderate: true },
} satisfies Record<string, Can>;

export function makeOrganization(overrides: Record<string, unknown> = {}, can: Can = ORGANIZATION_CAN.visitor) {
  return {
    __typename: 'Organization' as const,
    id: 'org-1',
    slug: 'chess-club',
    name: 'Chess Club',
    photoURL: null as string | null,
    category: 'ACADEMIC' as const,
    joinMode: 'OPEN' as 'OPEN' | 'REQUEST',
    memberCount: 12,
    campus: { __typename: 'Campus' as const, id: 'c1', name: 'Demo University', shortName: 'DEMO' },
    viewerRole: null as 'OWNER' | 'OFFICER' | 'MEMBER' | null,
    viewerMembership: 'NONE' as 'NONE' | 'REQUESTED' | 'MEMBER',
    description: 'We play on Tuesdays in the library.',
    status: 'ACTIVE' as 'ACTIVE' | 'HIDDEN' | 'SUSPENDED',
    viewerIsFollowing: false,
    viewerCan: { __typename: 'OrganizationViewerCan' as const, ...can },
    ...overrides,
  };
}

export function person(id: string, displayName: string) {
  return { __typename: 'User' as const, id, displayName, photoURL: null, verified: true };
}

export const emptyPage = { __typename: 'PageInfo' as const, hasNextPage: false, endCursor: null };
