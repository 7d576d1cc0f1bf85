import { ForbiddenError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { notificationPolicy } from './notification.policy';

const VIEWERS = { themselves: { uid: 'ada' }, other: { uid: 'ben' }, signedOut: null };

describe('notifications policy', () => {
  it("answers for ada's notifications: only ada reads them; anyone but ada notifies her", () => {
    expect(policyAnswers(notificationPolicy, VIEWERS, { readOwn: 'ada', notify: 'ada' })).toEqual({
      readOwn: { themselves: true, other: false, signedOut: false },
      notify: { themselves: false, other: true, signedOut: false },
    });
  });

  it("refuses another's notifications with a 403 in its own words", () => {
    expect(() => authorize(notificationPolicy, { uid: 'ben' }, 'readOwn', 'ada')).toThrow(
      new ForbiddenError('These notifications are not yours.'),
    );
  });
});
