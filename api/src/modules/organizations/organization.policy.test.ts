import { ValidationError, UnverifiedEmailError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { OrganizationRole, OrganizationStatus } from './organization.enums';
import { ORGANIZATION_MESSAGES, organizationPolicy, type MemberSubject, type OrganizationSubject } from './organization.policy';

const me = { uid: 'me' };
const VIEWERS = {
  owner: me,
  officer: me,
  member: me,
  requester: me,
  outsider: me,
  unverified: { uid: 'me', emailVerified: false },
  moderator: { uid: 'me', role: 'moderator' as const },
  signedOut: null,
};

/** The organization as each viewer above stands in it (the policy judges the actor's own relation). */
function as(name: keyof typeof VIEWERS, status = OrganizationStatus.ACTIVE): OrganizationSubject {
  const role =
    { owner: OrganizationRole.OWNER, officer: OrganizationRole.OFFICER, member: OrganizationRole.MEMBER }[name as string] ?? null;
  return { status, viewerRole: role as OrganizationRole | null, viewerRequested: name === 'requester' };
}

/** Every row of the table for each viewer, each judged on the organization as that viewer stands in it. */
function table(status: OrganizationStatus, target: (viewer: string) => MemberSubject['target']) {
  const rows: Record<string, Record<string, boolean>> = {};
  for (const action of Object.keys(organizationPolicy.rules)) {
    rows[action] = {};
    for (const [name, viewer] of Object.entries(VIEWERS)) {
      const organization = as(name as keyof typeof VIEWERS, status);
      const subject = ['removeMember', 'setOfficer', 'transferTo'].includes(action) ? { organization, target: target(name) } : organization;
      rows[action][name] = organizationPolicy.can(viewer, action as never, (action === 'create' ? null : subject) as never);
    }
  }
  return rows;
}

const T = true;
const F = false;
const row = (
  owner: boolean,
  officer: boolean,
  member: boolean,
  requester: boolean,
  outsider: boolean,
  unverified: boolean,
  moderator: boolean,
) => ({
  owner,
  officer,
  member,
  requester,
  outsider,
  unverified,
  moderator,
  signedOut: false,
});

describe('organizations policy, row by row', () => {
  it('on an active organization, acting on a plain member (another person)', () => {
    const member = () => ({ uid: 'someone', role: OrganizationRole.MEMBER });
    expect(table(OrganizationStatus.ACTIVE, member)).toEqual({
      //                      owner officer member requester outsider unverified moderator
      create: row(T, T, T, T, T, F, T),
      view: row(T, T, T, T, T, T, T),
      edit: row(T, T, F, F, F, F, F),
      join: row(F, F, F, F, T, F, T),
      leave: row(F, T, T, T, F, F, F),
      postAs: row(T, T, F, F, F, F, F),
      approve: row(T, T, F, F, F, F, F),
      removeMembers: row(T, T, F, F, F, F, F),
      removeMember: row(T, T, F, F, F, F, F),
      manageOfficers: row(T, F, F, F, F, F, F),
      setOfficer: row(T, F, F, F, F, F, F),
      transferOwnership: row(T, F, F, F, F, F, F),
      transferTo: row(T, F, F, F, F, F, F),
      follow: row(T, T, T, T, T, T, T),
      report: row(F, F, T, T, T, F, T),
      moderate: row(F, F, F, F, F, F, T),
    });
  });

  it('acting on an officer: only the owner, and only to demote or hand over (officers never remove officers)', () => {
    const answers = table(OrganizationStatus.ACTIVE, () => ({ uid: 'someone', role: OrganizationRole.OFFICER }));
    expect({ removeMember: answers.removeMember, setOfficer: answers.setOfficer, transferTo: answers.transferTo }).toEqual({
      removeMember: row(F, F, F, F, F, F, F),
      setOfficer: row(T, F, F, F, F, F, F),
      transferTo: row(T, F, F, F, F, F, F),
    });
  });

  it('acting on the owner or oneself: nobody', () => {
    for (const target of [
      () => ({ uid: 'someone', role: OrganizationRole.OWNER }),
      () => ({ uid: 'me', role: OrganizationRole.MEMBER }),
      () => ({ uid: 'me', role: OrganizationRole.OFFICER }),
    ]) {
      const answers = table(OrganizationStatus.ACTIVE, target);
      expect({ removeMember: answers.removeMember, setOfficer: answers.setOfficer }).toEqual({
        removeMember: row(F, F, F, F, F, F, F),
        setOfficer: row(F, F, F, F, F, F, F),
      });
    }
    const toSelf = table(OrganizationStatus.ACTIVE, () => ({ uid: 'me', role: OrganizationRole.OWNER }));
    expect(toSelf.transferTo).toEqual(row(F, F, F, F, F, F, F));
    // Handing over to someone who is not a member (role null): nobody.
    expect(table(OrganizationStatus.ACTIVE, () => ({ uid: 'someone', role: null })).transferTo).toEqual(row(F, F, F, F, F, F, F));
  });

  it.each([OrganizationStatus.HIDDEN, OrganizationStatus.SUSPENDED])('on a %s organization only moderators see or act on it', (status) => {
    const answers = table(status, () => ({ uid: 'someone', role: OrganizationRole.MEMBER }));
    const nobodyActs = row(F, F, F, F, F, F, F);
    expect(answers.view).toEqual(row(F, F, F, F, F, F, T));
    expect(answers.moderate).toEqual(row(F, F, F, F, F, F, T));
    for (const action of [
      'edit',
      'join',
      'postAs',
      'approve',
      'removeMembers',
      'removeMember',
      'manageOfficers',
      'setOfficer',
      'transferOwnership',
      'transferTo',
      'follow',
    ]) {
      expect({ action, answers: answers[action] }).toEqual({ action, answers: nobodyActs });
    }
  });

  it('refuses in clear words: the owner leaving, joining twice, reporting one you run; the e-mail gate first', () => {
    expect(() => authorize(organizationPolicy, me, 'leave', as('owner'))).toThrow(
      new ValidationError({ id: ORGANIZATION_MESSAGES.ownerLeaving }),
    );
    expect(() => authorize(organizationPolicy, me, 'join', as('member'))).toThrow(
      new ValidationError({ id: ORGANIZATION_MESSAGES.alreadyMember }),
    );
    expect(() => authorize(organizationPolicy, me, 'report', as('officer'))).toThrow(
      new ValidationError({ id: ORGANIZATION_MESSAGES.reportOwn }),
    );
    expect(() => authorize(organizationPolicy, me, 'postAs', as('member'))).toThrow(ORGANIZATION_MESSAGES.postAs);
    expect(() => authorize(organizationPolicy, VIEWERS.unverified, 'join', as('outsider'))).toThrow(new UnverifiedEmailError());
    expect(() => authorize(organizationPolicy, VIEWERS.unverified, 'create', null)).toThrow(new UnverifiedEmailError());
  });

  it('answers a signed-out visitor no to every row', () => {
    expect(
      policyAnswers(organizationPolicy, { signedOut: null }, { follow: as('outsider'), view: as('outsider'), create: null } as never),
    ).toEqual({
      follow: { signedOut: false },
      view: { signedOut: false },
      create: { signedOut: false },
    });
  });
});
