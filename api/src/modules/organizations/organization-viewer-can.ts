import { Ctx, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import type { SubjectOf } from '../../shared/policy';
import { exposed, viewerCan, type ViewerCanFields } from '../../shared/viewer-can';
import type { GraphQLContext } from '../graphql-context';
import { ViewerCan } from '../moderation';
import { Organization } from './organization.entity';
import { organizationPolicy, type OrganizationSubject } from './organization.policy';
import { subjectOf } from './organization.service';

/**
 * `Organization.viewerCan`: what the caller may do with this organization, as its policy table
 * decides, read from the row and the caller's relation to it (no statement of its own).
 */
@ObjectType('OrganizationViewerCan', {
  description: 'What the caller may do with this organization, as the api decides it: ask, never re-decide',
})
export class OrganizationViewerCan {}

type Rules = typeof organizationPolicy.rules;
/** The rows judged on the organization alone (not on one of its members). */
type OrganizationRow = { [A in keyof Rules]: SubjectOf<Rules[A]> extends OrganizationSubject ? A : never }[keyof Rules];

const row = <A extends OrganizationRow>(action: A) =>
  exposed(organizationPolicy, action, (organization: Organization) => subjectOf(organization) as SubjectOf<Rules[A]>);

export const ORGANIZATION_VIEWER_CAN = {
  edit: row('edit'),
  join: row('join'),
  leave: row('leave'),
  postAs: row('postAs'),
  approve: row('approve'),
  removeMembers: row('removeMembers'),
  manageOfficers: row('manageOfficers'),
  transferOwnership: row('transferOwnership'),
  follow: row('follow'),
  report: row('report'),
  moderate: row('moderate'),
} satisfies ViewerCanFields<Organization>;

/** The organizations row asked with no object in hand: `Query.viewerCan.createOrganization`. */
export const APP_ORGANIZATION_CAN = {
  createOrganization: exposed(organizationPolicy, 'create', (_none: null) => null),
} satisfies ViewerCanFields<null>;

@Resolver(() => OrganizationViewerCan)
export class OrganizationViewerCanResolver {
  @FieldResolver(() => Boolean, { description: 'updateOrganization: its officers and owner' })
  edit(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.edit, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'joinOrganization: verified students who are neither members nor waiting' })
  join(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.join, viewer, organization);
  }

  @FieldResolver(() => Boolean, {
    description: 'leaveOrganization: members and officers, and whoever is waiting (withdraws); not the owner',
  })
  leave(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.leave, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: "createPost with organizationId ('Post as'): its officers and owner" })
  postAs(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.postAs, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'pendingRequests, decideJoinRequest: its officers and owner' })
  approve(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.approve, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'removeMember: its officers and owner (members only, never themselves)' })
  removeMembers(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.removeMembers, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'setOfficer: its owner' })
  manageOfficers(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.manageOfficers, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'transferOwnership: its owner' })
  transferOwnership(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.transferOwnership, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'followOrganization: anyone signed in' })
  follow(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.follow, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'reportOrganization: verified students who do not run it' })
  report(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.report, viewer, organization);
  }

  @FieldResolver(() => Boolean, { description: 'hideOrganization, suspendOrganization: moderators and admins' })
  moderate(@Root() organization: Organization, @Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(ORGANIZATION_VIEWER_CAN.moderate, viewer, organization);
  }
}

/** `Query.viewerCan.createOrganization` (the ViewerCan type is moderation's). */
@Resolver(() => ViewerCan)
export class OrganizationAppCanResolver {
  @FieldResolver(() => Boolean, { description: 'createOrganization: anyone signed in whose e-mail is verified' })
  createOrganization(@Ctx() { viewer }: GraphQLContext): boolean {
    return viewerCan(APP_ORGANIZATION_CAN.createOrganization, viewer, null);
  }
}
