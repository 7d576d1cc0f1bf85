import { registerEnumType } from 'type-graphql';

/** The fixed list of categories (@campus-clips/rules' ORGANIZATION_CATEGORIES; the values are its keys). */
export enum OrganizationCategory {
  ACADEMIC = 'academic',
  ARTS = 'arts',
  CULTURE = 'culture',
  MEDIA = 'media',
  PROFESSIONAL = 'professional',
  RELIGIOUS = 'religious',
  SERVICE = 'service',
  SPORTS = 'sports',
  STUDENT_GOVERNMENT = 'student_government',
  OTHER = 'other',
}
registerEnumType(OrganizationCategory, { name: 'OrganizationCategory' });

export enum OrganizationJoinMode {
  /** Anyone verified joins at once. */
  OPEN = 'open',
  /** Officers approve or decline each request. */
  REQUEST = 'request',
}
registerEnumType(OrganizationJoinMode, {
  name: 'OrganizationJoinMode',
  description: 'OPEN: anyone verified joins at once; REQUEST: officers approve each request',
});

export enum OrganizationRole {
  OWNER = 'owner',
  OFFICER = 'officer',
  MEMBER = 'member',
}
registerEnumType(OrganizationRole, { name: 'OrganizationRole', description: 'Exactly one OWNER; OFFICERs act for it; MEMBERs belong' });

/** The viewer's standing with an organization. */
export enum MembershipState {
  NONE = 'none',
  REQUESTED = 'requested',
  MEMBER = 'member',
}
registerEnumType(MembershipState, {
  name: 'MembershipState',
  description: 'NONE; REQUESTED: asked to join, not answered yet; MEMBER: any role (see viewerRole)',
});

export enum OrganizationStatus {
  ACTIVE = 'active',
  /** Hidden by a moderator (its name, picture or description was reported): only moderators see it. */
  HIDDEN = 'hidden',
  /** Suspended by a moderator: only moderators see it, and nobody acts for it. */
  SUSPENDED = 'suspended',
}
registerEnumType(OrganizationStatus, { name: 'OrganizationStatus' });
