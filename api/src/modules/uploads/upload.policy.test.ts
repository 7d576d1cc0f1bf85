import { policyAnswers } from '../../shared/policy';
import { uploadPolicy } from './upload.policy';

describe('uploads policy', () => {
  it('answers use for the owner, another student and a signed-out visitor', () => {
    expect(
      policyAnswers(uploadPolicy, { owner: { uid: 'owner' }, other: { uid: 'other' }, signedOut: null }, { use: { ownerUid: 'owner' } }),
    ).toEqual({
      use: { owner: true, other: false, signedOut: false },
    });
    expect(uploadPolicy.rules.use.message).toBe('This upload belongs to someone else.');
  });
});
