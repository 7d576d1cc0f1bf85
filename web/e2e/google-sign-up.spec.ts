// Google sign-up through the Auth emulator's popup (spec §4 "Google sign-up", D8). There is no
// internet here, so the page gets a local stand-in for Google's api.js and empty style sheets
// for the emulator popup; the popup itself is the emulator's real account chooser.
import { expect, test } from '@playwright/test';
import { serveGoogleOffline } from './support/google-offline';
import { visitScreen } from './support/screens';
import { adultBirthday, newStudent } from './support/students';

test('a student signs up with Google, is asked for the date of birth once, then lands on Home', async ({ page, context }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await serveGoogleOffline(context);
  const { name, email } = newStudent('Cleo', 'Martins');

  await page.goto('/signup');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  const popup = await popupOpened;
  popup.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(name);
  await popup.locator('#sign-in').click();
  await popup.waitForEvent('close');

  // D8: no date of birth yet, so the app asks for it before anything else.
  await expect(page).toHaveURL('/complete-profile');
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${name}!`)).toBeVisible();
  await visitScreen(page, 'complete-profile');
  const young = new Date();
  young.setFullYear(young.getFullYear() - 16);
  await page.getByLabel('Date of Birth', { exact: true }).fill(young.toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('You must be at least 17 years old to sign up')).toBeVisible();

  await page.getByLabel('Date of Birth', { exact: true }).fill(adultBirthday());
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('firebaseUid'))).toBeTruthy();

  // A Google account has no Campus Clips password to change.
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(
    page.getByText('You sign in with Google, so your account has no Campus Clips password to change.', { exact: false }),
  ).toBeVisible();
  expect(dialogs).toEqual([]);
});
