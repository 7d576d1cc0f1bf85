import { ageInYears, validateSignup, type SignupForm } from './signup-validation';
import { validateLogin, validatePasswordChange } from './validation';

const today = new Date(2026, 10, 21); // 21 Nov 2026, local time

const validSignup: SignupForm = {
  fullName: 'Ada Lovelace',
  email: 'ada@uni.example',
  password: 'Secret!Pass1',
  confirmPassword: 'Secret!Pass1',
  dateOfBirth: '2000-05-01',
};

describe('sign-up rules (spec §5)', () => {
  it('accepts a complete, valid form', () => {
    expect(validateSignup(validSignup, today)).toEqual({});
  });

  it('asks for a full name of at least 2 characters', () => {
    expect(validateSignup({ ...validSignup, fullName: 'A' }, today).fullName).toBe('Please enter your full name (minimum 2 characters)');
    expect(validateSignup({ ...validSignup, fullName: '   ' }, today).fullName).toBe('Please enter your full name (minimum 2 characters)');
    expect(validateSignup({ ...validSignup, fullName: 'Al' }, today).fullName).toBeUndefined();
  });

  it('counts name characters as the server does, so an emoji is one character', () => {
    const errorFor = (fullName: string) => validateSignup({ ...validSignup, fullName }, today).fullName;
    expect(errorFor('🎓')).toBe('Please enter your full name (minimum 2 characters)');
    expect(errorFor('🎓🎓')).toBeUndefined();
    expect(errorFor('🎓'.repeat(50))).toBeUndefined();
    expect(errorFor('🎓'.repeat(51))).toBe('Display name must be at most 50 characters');
  });

  it("refuses a name the server would: control and text-direction characters, in the server's words", () => {
    const errorFor = (fullName: string) => validateSignup({ ...validSignup, fullName }, today).fullName;
    expect(errorFor('Ada\u202Eecalevol')).toBe('Display name cannot contain invisible text-direction characters');
    expect(errorFor('Ada\u001b[31m')).toBe('Display name cannot contain control characters');
    expect(errorFor('Zoë 山田 👩‍👩‍👧‍👦')).toBeUndefined();
  });

  it('asks for a valid e-mail address', () => {
    for (const email of ['', 'ada', 'ada@', 'ada@uni', 'ada uni@x.com']) {
      expect(validateSignup({ ...validSignup, email }, today).email).toBe('Please enter a valid email address');
    }
  });

  it('names the first password rule that fails', () => {
    const errorFor = (password: string) => validateSignup({ ...validSignup, password, confirmPassword: password }, today).password;
    expect(errorFor('Ab!4567')).toBe('Password must be at least 8 characters');
    expect(errorFor('abcdefg!')).toBe('Password must contain at least 1 uppercase letter');
    expect(errorFor('Abcdefgh')).toBe('Password must contain at least 1 symbol');
    expect(errorFor('Abcdefg?')).toBe('Password must contain at least 1 symbol'); // only ! @ # $ % ^ & * count
    for (const symbol of ['!', '@', '#', '$', '%', '^', '&', '*']) expect(errorFor(`Abcdefg${symbol}`)).toBeUndefined();
  });

  it('shows a password mismatch on Confirm Password', () => {
    const errors = validateSignup({ ...validSignup, confirmPassword: 'Secret!Pass2' }, today);
    expect(errors.confirmPassword).toBe('Passwords do not match');
    expect(errors.password).toBeUndefined();
  });

  it('requires an age of at least 17 in full years, counting the birthday', () => {
    const errorFor = (dateOfBirth: string) => validateSignup({ ...validSignup, dateOfBirth }, today).dateOfBirth;
    expect(errorFor('2009-11-21')).toBeUndefined(); // 17th birthday today
    expect(errorFor('2009-11-22')).toBe('You must be at least 17 years old to sign up'); // tomorrow
    expect(errorFor('')).toBe('You must be at least 17 years old to sign up');
    expect(errorFor('not-a-date')).toBe('You must be at least 17 years old to sign up');
    expect(errorFor('2030-01-01')).toBe('You must be at least 17 years old to sign up'); // in the future
  });

  it('counts age 0 for empty, invalid and impossible dates', () => {
    expect(ageInYears('', today)).toBe(0);
    expect(ageInYears('2001-02-30', today)).toBe(0);
    expect(ageInYears('2027-01-01', today)).toBe(0);
    expect(ageInYears('2000-11-21', today)).toBe(26);
    expect(ageInYears('2000-11-22', today)).toBe(25);
  });
});

describe('login rules (spec §5)', () => {
  it('needs a valid e-mail and a non-empty password', () => {
    expect(validateLogin({ email: 'ada@uni.example', password: 'x' })).toEqual({});
    expect(validateLogin({ email: 'nope', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });
});

describe('password change rules (spec §5)', () => {
  it('needs the current password, a strong new one and a matching confirmation', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'NewPass!1', confirmPassword: 'NewPass!1' })).toEqual({});
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'short', confirmPassword: 'other' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'lowercase!', confirmPassword: 'lowercase!' }).newPassword).toBe(
      'Password must contain at least 1 uppercase letter',
    );
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'Uppercase1', confirmPassword: 'Uppercase1' }).newPassword).toBe(
      'Password must contain at least 1 symbol',
    );
  });
});
