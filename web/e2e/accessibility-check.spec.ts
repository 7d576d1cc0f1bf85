// The accessibility check itself must be able to fail: a page with known serious violations
// (an unlabelled input, an image without alt text) has to be reported.
import { expect, test } from '@playwright/test';
import { seriousA11yViolations } from './support/screens';

test('axe-core reports serious violations on a page that has them', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>Probe</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input type="text"></main></body></html>',
  );
  const rules = (await seriousA11yViolations(page)).map((finding) => finding.rule);
  expect(rules).toEqual(expect.arrayContaining(['image-alt', 'label']));
});
