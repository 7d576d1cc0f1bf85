import { ForbiddenError, UnverifiedEmailError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { commentPolicy } from './comment.policy';

const VIEWERS = {
  commentAuthor: { uid: 'ben' },
  postAuthor: { uid: 'ada' },
  other: { uid: 'cy' },
  unverified: { uid: 'dee', emailVerified: false },
  signedOut: null,
};

describe('comments policy', () => {
  it("answers each action for the comment's author, the post's author, another student, an unverified one and a signed-out visitor", () => {
    expect(policyAnswers(commentPolicy, VIEWERS, { create: { id: 'post' }, delete: { authorUid: 'ben', postAuthorUid: 'ada' } })).toEqual({
      create: { commentAuthor: true, postAuthor: true, other: true, unverified: false, signedOut: false },
      delete: { commentAuthor: true, postAuthor: true, other: false, unverified: false, signedOut: false },
    });
  });

  it('refuses a comment from an unverified e-mail in the e-mail gate’s words (D16)', () => {
    expect(() => authorize(commentPolicy, VIEWERS.unverified, 'create', { id: 'post' })).toThrow(
      new UnverifiedEmailError('Please verify your e-mail address first.'),
    );
  });

  it('lets the author of a post delete their own comment on it (one person, both roles)', () => {
    expect(commentPolicy.can({ uid: 'ada' }, 'delete', { authorUid: 'ada', postAuthorUid: 'ada' })).toBe(true);
  });

  it('refuses in the comment’s words', () => {
    expect(() => authorize(commentPolicy, { uid: 'cy' }, 'delete', { authorUid: 'ben', postAuthorUid: 'ada' })).toThrow(
      new ForbiddenError('You can only delete your own comments.'),
    );
  });
});
