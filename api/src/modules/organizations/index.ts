/**
 * organizations (issue 26, D17): clubs and societies, their members, officers and owner, join
 * requests, followers, posts and events made as them, the directory and suggestions, reports and
 * moderators' decisions on them. Its public surface.
 */
export { Organization, OrganizationMembership } from './organization.entity';
export { MembershipState, OrganizationCategory, OrganizationJoinMode, OrganizationRole, OrganizationStatus } from './organization.enums';
export {
  OrganizationService,
  homeOrganizationsSql,
  memberOrganizationsSql,
  type CreateOrganizationInput,
  type UpdateOrganizationInput,
} from './organization.service';
export { organizationRows, postOrganizationCompanion, type OrganizationRows } from './organization-rows';
export { ORGANIZATION_MESSAGES, organizationPolicy, type MemberSubject, type OrganizationSubject } from './organization.policy';
export {
  NotificationOrganizationResolver,
  OrganizationResolver,
  PostOrganizationResolver,
  UserOrganizationsResolver,
} from './organization.resolver';
export {
  APP_ORGANIZATION_CAN,
  ORGANIZATION_VIEWER_CAN,
  OrganizationAppCanResolver,
  OrganizationViewerCan,
  OrganizationViewerCanResolver,
} from './organization-viewer-can';
