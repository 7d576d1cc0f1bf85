// Test students: unique names and e-mails per run, and the sign-up form filled through its labels.
import { expect, type Page } from '@playwright/test';
import { verifyEmailInBrowser } from './verification';

export interface Student {
  name: string;
  email: string;
  password: string;
}

/**
 * Each run has its own emulator and database, so plain, readable names are unique enough (and the
 * screenshots in docs/screenshots stay the same from run to run).
 */
export function newStudent(firstName: string, lastName: string): Student {
  return {
    name: `${firstName} ${lastName}`,
    email: `${firstName}.${lastName}@campus.test`.toLowerCase(),
    password: 'Campus!2026',
  };
}

/** A birthday 20 years ago: old enough for the 17+ rule on any day. */
export function adultBirthday(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 20);
  return date.toISOString().slice(0, 10);
}

export async function fillSignupForm(
  page: Page,
  values: { fullName: string; email: string; password: string; confirmPassword: string; dateOfBirth: string },
): Promise<void> {
  await page.getByLabel('Full Name', { exact: true }).fill(values.fullName);
  await page.getByLabel('Email Address', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(values.confirmPassword);
  await page.getByLabel('Date of Birth', { exact: true }).fill(values.dateOfBirth);
}

/**
 * Signs a new student up with valid data and waits for the Home feed, then opens the verification
 * link the emulator caught (issue 25: posting and commenting wait for it) unless `verify: false`.
 */
export async function signUp(page: Page, student: Student, { verify = true }: { verify?: boolean } = {}): Promise<void> {
  await page.goto('/signup');
  await fillSignupForm(page, {
    fullName: student.name,
    email: student.email,
    password: student.password,
    confirmPassword: student.password,
    dateOfBirth: adultBirthday(),
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  if (verify) await verifyEmailInBrowser(page, student.email);
}

/** Signs an existing student in through the login form and waits for the Home feed. */
export async function signIn(page: Page, student: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Your Email Address').fill(student.email);
  await page.getByLabel('Your Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
}
