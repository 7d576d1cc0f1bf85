// Screens a signed-out visitor reaches: each renders its content, passes the accessibility check
// and is photographed; the 404 screen and the signed-in guard behave as spec §2 says.
import { expect, test } from '@playwright/test';
import { visitScreen } from './support/screens';

const publicScreens = [
  { path: '/', screen: 'landing', heading: 'Welcome to Campus Clips' },
  { path: '/login', screen: 'login-signed-out', heading: 'Sign in to Campus Clips' },
  { path: '/forgot-password', screen: 'forgot-password', heading: 'Reset your password' },
  { path: '/terms', screen: 'terms', heading: 'Terms of Service' },
  { path: '/privacy', screen: 'privacy', heading: 'Privacy Policy' },
  { path: '/community', screen: 'community-signed-out', heading: 'Community' },
  { path: '/projects', screen: 'projects', heading: null },
  { path: '/resources', screen: 'resources', heading: null },
  { path: '/blog', screen: 'blog', heading: null },
  { path: '/about', screen: 'about', heading: null },
  { path: '/contact', screen: 'contact', heading: null },
];

for (const { path, screen, heading } of publicScreens) {
  test(`${path} shows its screen to a signed-out visitor`, async ({ page }) => {
    await page.goto(path);
    const title = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
    await expect(title).toBeVisible();
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await visitScreen(page, screen);
  });
}

test('an unknown path shows the 404 screen, whose links lead back', async ({ page }) => {
  await page.goto('/terms');
  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/does not exist or has (been )?moved/)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await visitScreen(page, 'not-found');

  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/terms');
  await page.goForward();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Campus Clips' })).toBeVisible();
});

test('signed-in screens send a signed-out visitor to /login, replacing the history entry', async ({ page }) => {
  await page.goto('/terms');
  await page.goto('/calendar');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Campus Clips' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/terms');
});

test('the landing screen leads to sign-up; sign-in and password reset explain their rules', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Connect with your campus community')).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/signup');
  await page.getByRole('link', { name: 'Sign in', exact: true }).last().click();
  await expect(page).toHaveURL('/login');

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Your Email Address').fill('nobody@campus.test');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  await page.getByLabel('Your Password', { exact: true }).fill('Wrong!pass1');
  await page.getByRole('button', { name: 'Show your password' }).click();
  await expect(page.getByLabel('Your Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' })).toBeVisible();

  await page.getByRole('link', { name: 'Forget your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email Address').fill('nobody@campus.test');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent to nobody@campus.test.', { exact: false })).toBeVisible();
});

test("the public header and footer carry the spec's links", async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  for (const [name, href] of [
    ['Projects', '/projects'],
    ['Explore', '/explore'],
    ['Resources', '/resources'],
    ['Community', '/community'],
    ['Sign in', '/login'],
    ['Sign up', '/signup'],
  ]) {
    await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Blog', '/blog'],
    ['Help', '/help'],
    ['About', '/about'],
    ['Contact', '/contact'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer).toContainText('2025');
});

for (const { path, title, sections } of [
  { path: '/terms', title: 'Terms of Service', sections: 9 },
  { path: '/privacy', title: 'Privacy Policy', sections: 10 },
]) {
  test(`${title}: ${sections} sections, last updated March 12, 2025, and a way back to sign-up`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(sections);
    await expect(page.getByText('March 12, 2025')).toBeVisible();
    await page.getByRole('link', { name: /Back to Sign Up/ }).click();
    await expect(page).toHaveURL('/signup');
  });
}
