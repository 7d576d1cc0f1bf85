import { ForbiddenError } from '../../shared/errors';
import { visibleRestrictedFields } from '../../shared/field-visibility';
import { authorize, policyAnswers } from '../../shared/policy';
import { User } from './user.entity';
import { userPolicy } from './user.policy';

const owner = { uid: 'owner' };
const other = { uid: 'other' };
const VIEWERS = { owner, other, signedOut: null };
const profile = { id: owner.uid };

describe('users policy', () => {
  it('answers each action for the owner, another student and a signed-out visitor', () => {
    expect(policyAnswers(userPolicy, VIEWERS, { actAs: owner.uid, update: profile, readOwnerOnly: profile })).toEqual({
      actAs: { owner: true, other: false, signedOut: false },
      update: { owner: true, other: false, signedOut: false },
      readOwnerOnly: { owner: true, other: false, signedOut: false },
    });
  });

  it('act as yourself (D1): naming no uid is acting as the caller; naming another is refused in D1’s words', () => {
    expect(userPolicy.can(other, 'actAs', undefined)).toBe(true);
    expect(userPolicy.can(other, 'actAs', null)).toBe(true);
    expect(() => authorize(userPolicy, other, 'actAs', owner.uid)).toThrow(new ForbiddenError('You can only act as yourself.'));
  });

  it('e-mail and date of birth are the owner-only fields of User (D9), declared on the entity', () => {
    const user = Object.assign(new User(), { id: owner.uid, email: 'owner@campus.test', dateOfBirth: '2000-01-02', bio: 'Hi' });
    expect(
      visibleRestrictedFields(User, user, { ...owner, email: null, name: null, picture: null, signInProvider: null, emailVerified: true }),
    ).toEqual({
      email: 'owner@campus.test',
      dateOfBirth: '2000-01-02',
    });
    expect(
      visibleRestrictedFields(User, user, { ...other, email: null, name: null, picture: null, signInProvider: null, emailVerified: true }),
    ).toEqual({});
    expect(visibleRestrictedFields(User, user, null)).toEqual({});
  });
});
