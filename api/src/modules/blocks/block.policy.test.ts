import { ValidationError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { blockPolicy } from './block.policy';

const ada = { uid: 'ada' };
const VIEWERS = { ada, signedOut: null };

describe('blocks policy', () => {
  it('lets a student block or mute anyone but themselves; a visitor nobody', () => {
    expect(policyAnswers(blockPolicy, VIEWERS, { block: 'grace', mute: 'grace' })).toEqual({
      block: { ada: true, signedOut: false },
      mute: { ada: true, signedOut: false },
    });
    expect(policyAnswers(blockPolicy, VIEWERS, { block: 'ada', mute: 'ada' })).toEqual({
      block: { ada: false, signedOut: false },
      mute: { ada: false, signedOut: false },
    });
  });

  it('answers blocking or muting oneself as a problem with the request', () => {
    expect(() => authorize(blockPolicy, ada, 'block', 'ada')).toThrow(new ValidationError({ userId: 'You cannot block yourself.' }));
    expect(() => authorize(blockPolicy, ada, 'mute', 'ada')).toThrow(new ValidationError({ userId: 'You cannot mute yourself.' }));
  });
});
