import { ForbiddenError, UnauthenticatedError, ValidationError } from './errors';
import { actorOf, authorize, definePolicy, refusal, requireViewer } from './policy';
import type { Viewer } from './viewer';

const viewer = (uid: string): Viewer => ({ uid, email: null, name: null, picture: null, signInProvider: null });

const policy = definePolicy({
  edit: { message: 'Only yours.', allow: (actor, thing: { ownerUid: string }) => thing.ownerUid === actor.uid },
  moderate: { message: 'Moderators only.', allow: (actor, _thing: { ownerUid: string }) => actor.role === 'moderator' },
  pick: { message: 'Not that one.', allow: () => false, refuse: (message) => new ValidationError({ pick: message }) },
});

describe('definePolicy / can / authorize', () => {
  it('answers the rule for a viewer, and no for a signed-out visitor', () => {
    expect(policy.can(viewer('ada'), 'edit', { ownerUid: 'ada' })).toBe(true);
    expect(policy.can(viewer('ben'), 'edit', { ownerUid: 'ada' })).toBe(false);
    expect(policy.can(null, 'edit', { ownerUid: 'ada' })).toBe(false);
  });

  it('throws ForbiddenError with the action’s message, or the refusal the rule names', () => {
    expect(() => authorize(policy, viewer('ada'), 'edit', { ownerUid: 'ada' })).not.toThrow();
    expect(() => authorize(policy, viewer('ben'), 'edit', { ownerUid: 'ada' })).toThrow(new ForbiddenError('Only yours.'));
    expect(() => authorize(policy, viewer('ada'), 'pick', undefined as never)).toThrow(ValidationError);
    expect(refusal(policy, 'pick')).toMatchObject({ code: 'BAD_USER_INPUT', fields: { pick: 'Not that one.' } });
  });

  it('judges a role: everyone is a student until a viewer carries one', () => {
    expect(actorOf(viewer('ada'))).toEqual({ uid: 'ada', role: 'student' });
    expect(policy.can(viewer('ada'), 'moderate', { ownerUid: 'ben' })).toBe(false);
    expect(policy.can({ uid: 'mo', role: 'moderator' }, 'moderate', { ownerUid: 'ben' })).toBe(true);
  });

  it('requireViewer: the viewer, or UNAUTHENTICATED', () => {
    expect(requireViewer(viewer('ada')).uid).toBe('ada');
    expect(() => requireViewer(null)).toThrow(UnauthenticatedError);
  });
});
