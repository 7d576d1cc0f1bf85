import { ForbiddenError } from '../../shared/errors';
import { authorize, policyAnswers } from '../../shared/policy';
import { commentPolicy } from './comment.policy';

const VIEWERS = { commentAuthor: { uid: 'ben' }, postAuthor: { uid: 'ada' }, other: { uid: 'cy' }, signedOut: null };

describe('comments policy', () => {
  it("answers delete for the comment's author, the post's author, another student and a signed-out visitor", () => {
    expect(policyAnswers(commentPolicy, VIEWERS, { delete: { authorUid: 'ben', postAuthorUid: 'ada' } })).toEqual({
      delete: { commentAuthor: true, postAuthor: true, other: false, signedOut: false },
    });
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
