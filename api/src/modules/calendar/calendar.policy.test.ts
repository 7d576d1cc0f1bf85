import { ForbiddenError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { calendarPolicy } from './calendar.policy';

const owner = { uid: 'owner' };
const VIEWERS = { owner, other: { uid: 'other' }, signedOut: null };

describe('calendar policy', () => {
  it('answers each action for the owner, another student and a signed-out visitor', () => {
    expect(
      policyAnswers(calendarPolicy, VIEWERS, { read: { userUid: owner.uid }, write: { userUid: owner.uid, date: '2026-11-24' } }),
    ).toEqual({
      read: { owner: true, other: false, signedOut: false },
      write: { owner: true, other: false, signedOut: false },
    });
  });

  it('refuses another’s calendar with 403', () => {
    expect(() => authorize(calendarPolicy, { uid: 'other' }, 'read', { userUid: owner.uid })).toThrow(ForbiddenError);
  });
});
