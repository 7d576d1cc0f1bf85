import { ForbiddenError, UnauthenticatedError, UnverifiedEmailError, ValidationError } from './errors';
import { actorOf, authorize, authorizeEmail, definePolicy, refusal, requireViewer } from './policy';
import type { Viewer } from './viewer';

const viewer = (uid: string, emailVerified = true): Viewer => ({
  uid,
  email: null,
  name: null,
  picture: null,
  signInProvider: null,
  emailVerified,
});

const policy = definePolicy({
  edit: { message: 'Only yours.', allow: (actor, thing: { ownerUid: string }) => thing.ownerUid === actor.uid },
  moderate: { message: 'Moderators only.', allow: (actor, _thing: { ownerUid: string }) => actor.role === 'moderator' },
  pick: { message: 'Not that one.', allow: () => false, refuse: (message) => new ValidationError({ pick: message }) },
  share: { message: 'Only yours.', verifiedOnly: true, allow: (actor, thing: { ownerUid: string }) => thing.ownerUid === actor.uid },
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
    expect(actorOf(viewer('ada'))).toEqual({ uid: 'ada', role: 'student', emailVerified: true });
    expect(policy.can(viewer('ada'), 'moderate', { ownerUid: 'ben' })).toBe(false);
    expect(policy.can({ uid: 'mo', role: 'moderator' }, 'moderate', { ownerUid: 'ben' })).toBe(true);
  });

  it('a verifiedOnly row: no for an unverified e-mail whatever the rule says, refused in the e-mail gate’s words first (D16)', () => {
    expect(policy.can(viewer('ada'), 'share', { ownerUid: 'ada' })).toBe(true);
    expect(policy.can(viewer('ada', false), 'share', { ownerUid: 'ada' })).toBe(false);
    expect(() => authorize(policy, viewer('ada', false), 'share', { ownerUid: 'ada' })).toThrow(UnverifiedEmailError);
    // Unverified and not the owner: the e-mail gate answers, with its code.
    expect(() => authorize(policy, viewer('ben', false), 'share', { ownerUid: 'ada' })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN_UNVERIFIED', status: 403, message: 'Please verify your e-mail address first.' }),
    );
    // Verified but not the owner: the row's own refusal.
    expect(() => authorize(policy, viewer('ben'), 'share', { ownerUid: 'ada' })).toThrow(new ForbiddenError('Only yours.'));
    // Other rows do not ask about the e-mail; an actor the api names itself passes the gate.
    expect(policy.can(viewer('ada', false), 'edit', { ownerUid: 'ada' })).toBe(true);
    expect(policy.can({ uid: 'ada' }, 'share', { ownerUid: 'ada' })).toBe(true);
    expect(() => authorizeEmail(policy, viewer('ada', false), 'share')).toThrow(UnverifiedEmailError);
    expect(() => authorizeEmail(policy, viewer('ada', false), 'edit')).not.toThrow();
  });

  it('requireViewer: the viewer, or UNAUTHENTICATED', () => {
    expect(requireViewer(viewer('ada')).uid).toBe('ada');
    expect(() => requireViewer(null)).toThrow(UnauthenticatedError);
  });
});
