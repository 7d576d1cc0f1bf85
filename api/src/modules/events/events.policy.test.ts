import { ForbiddenError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { eventsPolicy } from './events.policy';

const owner = { uid: 'owner' };
const VIEWERS = { owner, other: { uid: 'other' }, signedOut: null };

describe('events policy', () => {
  it("answers for the owner, another student and a signed-out visitor: a feed's address is its owner's", () => {
    expect(policyAnswers(eventsPolicy, VIEWERS, { feed: { userUid: owner.uid } })).toEqual({
      feed: { owner: true, other: false, signedOut: false },
    });
  });

  it('refuses another’s feed with 403', () => {
    expect(() => authorize(eventsPolicy, { uid: 'other' }, 'feed', { userUid: owner.uid })).toThrow(ForbiddenError);
  });
});
