import { UNVERIFIED_EMAIL_MESSAGE, ValidationError } from '../../shared/errors';
import { definePolicy, type Actor } from '../../shared/policy';
import { OrganizationRole, OrganizationStatus } from './organization.enums';

/** An organization as a rule judges it: its state, and the acting person's own relation to it (read for them). */
export interface OrganizationSubject {
  status: OrganizationStatus;
  /** The actor's role in it; null when not a member. */
  viewerRole: OrganizationRole | null;
  /** The actor has asked to join and not been answered. */
  viewerRequested: boolean;
}

/** One of its members (or a requester, role null) acted upon, with the organization as the actor stands in it. */
export interface MemberSubject {
  organization: OrganizationSubject;
  target: { uid: string; role: OrganizationRole | null };
}

export const ORGANIZATION_MESSAGES = {
  notFound: 'Organization not found',
  ownerLeaving: 'You are the owner of this organization. Hand ownership to another member before you leave.',
  notMember: 'You are not a member of this organization.',
  alreadyMember: 'You are already a member of this organization.',
  officersOnly: 'Only the officers of this organization can do that.',
  ownerOnly: 'Only the owner of this organization can do that.',
  postAs: 'Only the officers of this organization can post as it.',
  suspended: 'This organization is suspended.',
  removeMembersOnly: 'Officers remove members; the owner first makes an officer a member again.',
  notYourself: 'You cannot do that to yourself.',
  requestNotFound: 'This request has already been answered or withdrawn.',
  memberNotFound: 'This person is not a member of this organization.',
  transferToMember: 'Ownership can only be handed to a member of this organization.',
  reportOwn: 'You cannot report an organization you run.',
  moderatorsOnly: 'Only moderators can do that.',
  slugTaken: 'This address is taken. Please choose another.',
  joinMode: 'This organization is joined by request.',
} as const;

const isOfficer = (subject: OrganizationSubject) =>
  subject.viewerRole === OrganizationRole.OWNER || subject.viewerRole === OrganizationRole.OFFICER;
const isOwner = (subject: OrganizationSubject) => subject.viewerRole === OrganizationRole.OWNER;
const active = (subject: OrganizationSubject) => subject.status === OrganizationStatus.ACTIVE;
const isModerator = (actor: Actor) => actor.role === 'moderator' || actor.role === 'admin';
const others = (actor: Actor, subject: MemberSubject) => subject.target.uid !== actor.uid;

/**
 * Who may do what with an organization (issue 26, D17). An organization always has exactly one
 * owner; the owner appoints officers and may hand ownership over; officers (the owner among them)
 * edit it, post as it, answer join requests and remove members; nobody acts on themselves. A
 * hidden or suspended organization is seen by moderators only, so only they act on it (a hidden
 * one's officers fix it through a moderator: nobody else sees it).
 */
export const organizationPolicy = definePolicy({
  /** Any student whose e-mail is verified (D16) founds one and becomes its owner (rate limited). */
  create: {
    message: UNVERIFIED_EMAIL_MESSAGE,
    verifiedOnly: true,
    allow: (_actor, _none: null) => true,
  },
  /** Seeing it at all: an active one, anyone (signed out too, through the service); any, moderators. */
  view: {
    message: ORGANIZATION_MESSAGES.notFound,
    allow: (actor, organization: OrganizationSubject) => active(organization) || isModerator(actor),
  },
  edit: {
    message: ORGANIZATION_MESSAGES.officersOnly,
    allow: (_actor, organization: OrganizationSubject) => active(organization) && isOfficer(organization),
  },
  /** Join (open) or ask to (by request): verified students who are neither members nor waiting. */
  join: {
    message: ORGANIZATION_MESSAGES.alreadyMember,
    verifiedOnly: true,
    allow: (_actor, organization: OrganizationSubject) =>
      active(organization) && organization.viewerRole === null && !organization.viewerRequested,
    refuse: (message) => new ValidationError({ id: message }),
  },
  /** Leave, or withdraw a request; never the owner (an organization always has one): they hand over first. */
  leave: {
    message: ORGANIZATION_MESSAGES.ownerLeaving,
    allow: (_actor, organization: OrganizationSubject) =>
      (organization.viewerRole !== null && organization.viewerRole !== OrganizationRole.OWNER) || organization.viewerRequested,
    refuse: (message) => new ValidationError({ id: message }),
  },
  /** 'Post as <organization>' in Create Post: its officers and owner, while it is active. */
  postAs: {
    message: ORGANIZATION_MESSAGES.postAs,
    verifiedOnly: true,
    allow: (_actor, organization: OrganizationSubject) => active(organization) && isOfficer(organization),
  },
  /** Read and answer join requests. */
  approve: {
    message: ORGANIZATION_MESSAGES.officersOnly,
    allow: (_actor, organization: OrganizationSubject) => active(organization) && isOfficer(organization),
  },
  /** Remove members at all (the button on the members page). */
  removeMembers: {
    message: ORGANIZATION_MESSAGES.officersOnly,
    allow: (_actor, organization: OrganizationSubject) => active(organization) && isOfficer(organization),
  },
  /** Remove this one: an officer removes members, never an officer, the owner or themselves (they leave). */
  removeMember: {
    message: ORGANIZATION_MESSAGES.removeMembersOnly,
    allow: (actor, subject: MemberSubject) =>
      active(subject.organization) &&
      isOfficer(subject.organization) &&
      others(actor, subject) &&
      subject.target.role === OrganizationRole.MEMBER,
  },
  /** Promote and demote officers at all: the owner. */
  manageOfficers: {
    message: ORGANIZATION_MESSAGES.ownerOnly,
    allow: (_actor, organization: OrganizationSubject) => active(organization) && isOwner(organization),
  },
  /** Make this member an officer, or this officer a member again: the owner, of anyone but themselves. */
  setOfficer: {
    message: ORGANIZATION_MESSAGES.ownerOnly,
    allow: (actor, subject: MemberSubject) =>
      active(subject.organization) &&
      isOwner(subject.organization) &&
      others(actor, subject) &&
      (subject.target.role === OrganizationRole.MEMBER || subject.target.role === OrganizationRole.OFFICER),
  },
  /** Hand ownership over at all: the owner. */
  transferOwnership: {
    message: ORGANIZATION_MESSAGES.ownerOnly,
    allow: (_actor, organization: OrganizationSubject) => active(organization) && isOwner(organization),
  },
  /** To this member: the owner, to another member (any role); they become an officer. */
  transferTo: {
    message: ORGANIZATION_MESSAGES.transferToMember,
    allow: (actor, subject: MemberSubject) =>
      active(subject.organization) && isOwner(subject.organization) && others(actor, subject) && subject.target.role !== null,
    refuse: (message) => new ValidationError({ userId: message }),
  },
  /** Follow for its posts without joining: anyone signed in, while it is active. */
  follow: {
    message: ORGANIZATION_MESSAGES.notFound,
    allow: (_actor, organization: OrganizationSubject) => active(organization),
  },
  /** Report its name, picture or description: verified students (D16) who do not run it. */
  report: {
    message: ORGANIZATION_MESSAGES.reportOwn,
    verifiedOnly: true,
    allow: (_actor, organization: OrganizationSubject) => !isOfficer(organization),
    refuse: (message) => new ValidationError({ id: message }),
  },
  /** Hide or suspend it, and undo that: moderators and admins. */
  moderate: {
    message: ORGANIZATION_MESSAGES.moderatorsOnly,
    allow: (actor, _organization: OrganizationSubject) => isModerator(actor),
  },
});
