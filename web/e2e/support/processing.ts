// A new post's video is transcoded before it plays: meanwhile its author sees 'Processing…' with a
// progress bar in the card (nobody else sees the post), then the video, live.
import { expect, test, type Locator, type Page } from '@playwright/test';

interface CardMedia {
  /** The 'Processing…' heading is shown. */
  notice: boolean;
  /** The progress bar's accessible name, or null without one. */
  progressbar: string | null;
  /** The progress bar's aria-valuenow. */
  percent: number | null;
  /** The percentage the line under the bar shows ('N% · only you can see it until it is ready'). */
  hintPercent: number | null;
  /** The video player named `videoLabel` is there. */
  video: boolean;
}

/** What the card shows in place of the video, read at one instant (one DOM read, so the parts agree). */
function cardMedia(card: Locator, videoLabel: string): Promise<CardMedia> {
  return card.evaluate((element, label) => {
    const text = (element as HTMLElement).innerText;
    const bar = element.querySelector('[role="progressbar"]');
    const hint = /(\d{1,3})% · only you can see it until it is ready/.exec(text);
    return {
      notice: text.includes('Processing…'),
      progressbar: bar ? (bar.getAttribute('aria-label') ?? '') : null,
      percent: bar ? Number(bar.getAttribute('aria-valuenow')) : null,
      hintPercent: hint ? Number(hint[1]) : null,
      video: [...element.querySelectorAll('video')].some((video) => video.getAttribute('aria-label') === label),
    };
  }, videoLabel);
}

function showsProcessing(media: CardMedia): boolean {
  return (
    media.notice &&
    media.progressbar === 'Processing your video' &&
    media.percent !== null &&
    media.percent >= 0 &&
    media.percent <= 100 &&
    media.hintPercent === media.percent &&
    !media.video
  );
}

function showsVideo(media: CardMedia): boolean {
  return media.video && !media.notice && media.progressbar === null;
}

/** The card shows the processing notice: the heading, the labelled progress bar and the same percentage in words; no video. */
export async function expectProcessing(card: Locator, videoLabel: string): Promise<void> {
  await expect
    .poll(async () => showsProcessing(await cardMedia(card, videoLabel)), { message: 'the card shows the processing notice' })
    .toBe(true);
}

/**
 * The card as its author sees it right after posting: the whole processing notice or, when the
 * worker was that quick, already the video, never a mix of both. Returns which of the two it was.
 */
export async function expectProcessingOrVideo(card: Locator, videoLabel: string): Promise<'processing' | 'video'> {
  let seen: 'processing' | 'video' | null = null;
  await expect
    .poll(
      async () => {
        const media = await cardMedia(card, videoLabel);
        seen = showsProcessing(media) ? 'processing' : showsVideo(media) ? 'video' : null;
        return seen;
      },
      { message: `the card shows either the processing notice or the video "${videoLabel}"` },
    )
    .not.toBeNull();
  return seen!;
}

/**
 * Waits until the card shows the video in place of the notice. The web app swaps it live; when
 * that update is missed (the clip got ready before the page's subscription was open, and the app
 * does not catch up on what it missed), the author sees it after a reload, as they would, and the
 * test gets an annotation saying so. transcoded-playback.spec.ts checks the live swap strictly.
 */
export async function waitForVideo(page: Page, card: Locator, videoLabel: string): Promise<void> {
  let attempts = 0;
  await expect(async () => {
    attempts += 1;
    if (attempts > 1) await page.reload();
    await expect(card.getByLabel(videoLabel)).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 45_000, intervals: [0] });
  await expect(card.getByText('Processing…')).toHaveCount(0);
  if (attempts > 1) {
    test.info().annotations.push({ type: 'live update missed', description: `"${videoLabel}" showed after ${attempts - 1} reload(s)` });
  }
}
