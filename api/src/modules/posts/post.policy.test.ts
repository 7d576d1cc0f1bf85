import { ForbiddenError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { postPolicy } from './post.policy';

const owner = { uid: 'owner' };
const other = { uid: 'other' };
const VIEWERS = { owner, other, signedOut: null };
const post = { authorUid: owner.uid };

describe('posts policy', () => {
  it('answers each action for the owner, another student and a signed-out visitor', () => {
    expect(policyAnswers(postPolicy, VIEWERS, { delete: post, editCaptions: post, fetchHiddenMedia: post })).toEqual({
      delete: { owner: true, other: false, signedOut: false },
      editCaptions: { owner: true, other: false, signedOut: false },
      fetchHiddenMedia: { owner: true, other: false, signedOut: false },
    });
  });

  it("refuses deleting another's post in the post's words", () => {
    expect(() => authorize(postPolicy, other, 'delete', post)).toThrow(new ForbiddenError('You can only delete your own posts.'));
    expect(() => authorize(postPolicy, other, 'editCaptions', post)).toThrow(
      new ForbiddenError('You can only change the captions of your own posts.'),
    );
  });
});
