import { ForbiddenError, UnverifiedEmailError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { postPolicy } from './post.policy';

const owner = { uid: 'owner' };
const other = { uid: 'other' };
const unverified = { uid: 'newcomer', emailVerified: false };
const VIEWERS = { owner, other, unverified, signedOut: null };
const post = { authorUid: owner.uid };

describe('posts policy', () => {
  it('answers each action for the owner, another student, an unverified one and a signed-out visitor', () => {
    expect(policyAnswers(postPolicy, VIEWERS, { create: null, delete: post, editCaptions: post, fetchHiddenMedia: post })).toEqual({
      create: { owner: true, other: true, unverified: false, signedOut: false },
      delete: { owner: true, other: false, unverified: false, signedOut: false },
      editCaptions: { owner: true, other: false, unverified: false, signedOut: false },
      fetchHiddenMedia: { owner: true, other: false, unverified: false, signedOut: false },
    });
  });

  it('lets an unverified student delete their own post (only making one needs a verified e-mail)', () => {
    expect(postPolicy.can(unverified, 'delete', { authorUid: unverified.uid })).toBe(true);
  });

  it('refuses a post from an unverified e-mail in the e-mail gate’s words (D16)', () => {
    expect(() => authorize(postPolicy, unverified, 'create', null)).toThrow(
      new UnverifiedEmailError('Please verify your e-mail address first.'),
    );
  });

  it("refuses deleting another's post in the post's words", () => {
    expect(() => authorize(postPolicy, other, 'delete', post)).toThrow(new ForbiddenError('You can only delete your own posts.'));
    expect(() => authorize(postPolicy, other, 'editCaptions', post)).toThrow(
      new ForbiddenError('You can only change the captions of your own posts.'),
    );
  });
});
