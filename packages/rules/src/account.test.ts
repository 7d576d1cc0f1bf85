import { ACCOUNT_MESSAGES, checkPasswordChangeForm, checkSignInForm, checkSignUpForm } from './account';
import { checkCalendarEntryForm } from './calendar';
import { checkProfileForm } from './profile';

const today = { year: 2026, month: 11, day: 21 };

describe('the account forms (spec §5)', () => {
  it('sign-in: an e-mail address and any password', () => {
    expect(checkSignInForm({ email: ' ada@uni.example ', password: 'x' })).toEqual({
      ok: true,
      value: { email: 'ada@uni.example', password: 'x' },
    });
    expect(checkSignInForm({ email: 'ada@uni', password: '' })).toEqual({
      ok: false,
      problems: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
  });

  it('sign-up: every field at once, the name and the age by the rules the api applies', () => {
    const form = { fullName: 'A', email: 'nope', password: 'secret!pass', confirmPassword: 'other', dateOfBirth: '2010-01-01' };
    expect(checkSignUpForm(form, today)).toEqual({
      ok: false,
      problems: {
        fullName: 'Please enter your full name (minimum 2 characters)',
        email: ACCOUNT_MESSAGES.email,
        password: 'Password must contain at least 1 uppercase letter',
        confirmPassword: 'Passwords do not match',
        dateOfBirth: 'You must be at least 17 years old to sign up',
      },
    });
    const good = {
      fullName: ' Ada ',
      email: 'ada@uni.example',
      password: 'Secret!1',
      confirmPassword: 'Secret!1',
      dateOfBirth: '2009-11-21',
    };
    expect(checkSignUpForm(good, today).ok).toBe(true);
  });

  it('password change: the current one, a new one of 8 characters with an uppercase letter and a symbol, typed twice', () => {
    expect(checkPasswordChangeForm({ currentPassword: '', newPassword: 'Short!', confirmPassword: 'Short!' })).toEqual({
      ok: false,
      problems: { currentPassword: 'Current password is required', newPassword: 'Password must be at least 8 characters' },
    });
    expect(checkPasswordChangeForm({ currentPassword: 'old', newPassword: 'Longer12', confirmPassword: 'Longer12' })).toEqual({
      ok: false,
      problems: { newPassword: 'Password must contain at least 1 symbol' },
    });
  });
});

describe('the profile and calendar forms', () => {
  it('profile: the name, the bio and the interests at once', () => {
    expect(checkProfileForm({ displayName: 'Ada\nL', bio: 'b'.repeat(501), interests: ['Knitting'] })).toEqual({
      ok: false,
      problems: {
        displayName: 'Display name must be on one line',
        bio: 'Bio must be at most 500 characters',
        interests: 'Please choose interests from the list',
      },
    });
  });

  it('calendar entry: a day within the years allowed, and a name', () => {
    expect(checkCalendarEntryForm({ date: '2026-11-21', name: ' Lecture ' }, today)).toEqual({
      ok: true,
      value: { date: '2026-11-21', name: 'Lecture' },
    });
    const refused = checkCalendarEntryForm({ date: '1899-12-31', name: '  ' }, today);
    expect(refused.ok ? {} : Object.keys(refused.problems)).toEqual(['date', 'name']);
  });
});
