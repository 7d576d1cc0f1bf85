import { ValidationError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { followPolicy } from './follow.policy';

const VIEWERS = { themselves: { uid: 'ada' }, other: { uid: 'ben' }, signedOut: null };

describe('follows policy', () => {
  it('answers follow (of ada) for ada herself, another student and a signed-out visitor', () => {
    expect(policyAnswers(followPolicy, VIEWERS, { follow: 'ada' })).toEqual({
      follow: { themselves: false, other: true, signedOut: false },
    });
  });

  it('refuses following oneself as an input problem on userId (400), in the form’s words', () => {
    expect(() => authorize(followPolicy, { uid: 'ada' }, 'follow', 'ada')).toThrow(ValidationError);
    try {
      authorize(followPolicy, { uid: 'ada' }, 'follow', 'ada');
    } catch (error) {
      expect(error).toMatchObject({ status: 400, fields: { userId: 'You cannot follow yourself.' } });
    }
  });
});
