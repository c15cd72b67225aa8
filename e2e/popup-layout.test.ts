import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DEFAULT_LAYOUT_TEXTS,
  type Orientation,
  POPUP_MAX_WIDTH_PX,
  POPUP_MIN_TARGET_PX,
  POPUP_MIN_TEXT_PX,
} from '@liveops/domain/layout';
import { EMBED_PATH, encodeEmbedConfig, type EmbedConfigInput } from '@liveops/domain/popup';
import { PUBLISHED_BRIDGE_NAME } from '@liveops/domain/published';
import { publishedPageFor } from '../apps/server/src/releases/published-page';
import { useBrowserAndApp } from './support/lifecycle';

// Decision 023: the popup as a player sees it in a game's web view, measured in Chromium at phone, tablet and
// desktop sizes, for a landscape and a portrait game.
const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const BUILT = new URL('../apps/web/dist/packs/daily_rewards/daily_rewards.html', import.meta.url);
const PAGE = '/packs/g1/daily_rewards/c1/daily_rewards.html';

const VIEWPORTS = [
  { width: 568, height: 320 },
  { width: 844, height: 390 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const SCREENSHOT_SIZES = new Set(['568×320', '1024×768', '390×844']);

/**
 * A week as publishing writes it, with no layout of its own (the default one for its orientation): gold on most
 * days, a pack of different items (1 sword and 50 gems) on day 2, and on day 5 a pack whose image is missing.
 */
function week(orientation: Orientation, imageBase: string): EmbedConfigInput {
  return {
    id: `week-${orientation}`,
    name: 'Week One',
    cycleDays: 7,
    orientation,
    rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      packId: day === 2 ? 'mixed' : day === 5 ? 'lost' : day === 7 ? 'chest' : 'gold',
    })),
    packs: [
      { id: 'gold', name: 'Gold Pile', value: 1, contents: [{ itemId: 'gold', quantity: 1000 }], iconId: 'coin' },
      {
        id: 'mixed',
        name: 'Warrior Kit',
        value: 5,
        contents: [
          { itemId: 'sword', quantity: 1 },
          { itemId: 'gem', quantity: 50 },
        ],
        iconId: 'sword',
      },
      { id: 'lost', name: 'Lost Chest', value: 5, amount: 3, assetUrl: `${imageBase}/missing.png` },
      { id: 'chest', name: 'Treasure Chest', value: 10, amount: 1, iconId: 'gift' },
    ],
    assets: [],
    uiTheme: { primaryColor: '#FFE16D', secondaryColor: '#021031' },
  };
}

/** A static server (a CDN) holding each orientation's published page; /missing.png is a 404. */
async function publishedPages() {
  const template = (await readFile(BUILT)).toString('utf8');
  const files = new Map<string, string>();
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const body = files.get(pathname);
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const orientation of ['landscape', 'portrait'] as const) {
    files.set(`/${orientation}${PAGE}`, publishedPageFor(template, JSON.stringify(week(orientation, url))));
  }
  return { url, page: (orientation: Orientation) => `${url}/${orientation}${PAGE}` };
}

interface Measured {
  popupWidth: number;
  /** Every visible text: its drawn size (computed font size × the scale it is drawn at). */
  smallestText: { text: string; px: number };
  claim: { width: number; height: number };
  /** The distinct tops of the day cards: 1 is one row. */
  dayRows: number;
  texts: string[];
  brokenImages: number;
}

/** What the player sees of the popup in `root` (the page, or a frame's document). */
function measure(page: Page, frameSelector?: string): Promise<Measured> {
  return page.evaluate((frame) => {
    const doc = frame ? (document.querySelector(frame) as HTMLIFrameElement).contentDocument! : document;
    // The scale an element is drawn at: its box on screen over its laid-out width (every transform above it).
    const scaleOf = (el: HTMLElement) => (el.offsetWidth > 0 ? el.getBoundingClientRect().width / el.offsetWidth : 1);
    const visible = (el: HTMLElement) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const texts = Array.from(doc.querySelectorAll<HTMLElement>('.cb-text, .cb-button, .cb-day-check')).filter(
      (el) => visible(el) && (el.textContent ?? '').trim() !== '',
    );
    let smallest = { text: '', px: Infinity };
    for (const el of texts) {
      const px = parseFloat(getComputedStyle(el).fontSize) * scaleOf(el);
      if (px < smallest.px) smallest = { text: el.textContent ?? '', px };
    }
    const frameNode = doc.querySelector<HTMLElement>('[data-node-id="dr-popup-frame"]')!;
    const claim = doc.querySelector<HTMLElement>('[data-bind="claim"]')!.getBoundingClientRect();
    const tops = new Set(
      Array.from(doc.querySelectorAll<HTMLElement>('[data-day]')).map((card) =>
        Math.round(card.getBoundingClientRect().top),
      ),
    );
    const broken = Array.from(doc.querySelectorAll('img')).filter(
      (img) => img.complete && img.naturalWidth === 0 && visible(img),
    );
    return {
      popupWidth: frameNode.getBoundingClientRect().width,
      smallestText: smallest,
      claim: { width: claim.width, height: claim.height },
      dayRows: tops.size,
      texts: texts.map((el) => el.textContent ?? ''),
      brokenImages: broken.length,
    };
  }, frameSelector);
}

/** An Android WebView's JavaScript interface, recording what the page sends. */
const ANDROID_STUB = `(() => {
  window.hostMessages = [];
  window[${JSON.stringify(PUBLISHED_BRIDGE_NAME)}] = { postMessage: (message) => window.hostMessages.push(JSON.parse(message)) };
})();`;
const sentTypes = (page: Page) =>
  page.evaluate(() => (window as unknown as { hostMessages: { type: string }[] }).hostMessages.map((m) => m.type));

async function open(url: string, viewport: { width: number; height: number }) {
  const context = await setup.browser.newContext({ viewport, reducedMotion: 'reduce', hasTouch: true });
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await page.addInitScript(ANDROID_STUB);
  await page.goto(url);
  await page.getByRole('button', { name: DEFAULT_LAYOUT_TEXTS.claim }).waitFor();
  // The page says ready once its images have loaded or failed, and the renderer has the popup by then.
  await page.waitForFunction(() =>
    (window as unknown as { hostMessages: { type: string }[] }).hostMessages.some((m) => m.type === 'ready'),
  );
  return page;
}

describe('the published popup at phone, tablet and desktop sizes (decision 023)', () => {
  for (const orientation of ['landscape', 'portrait'] as const) {
    it(`lays a ${orientation} game's popup out for its screen: width, readable texts, a thumb-sized Claim`, async () => {
      await mkdir(SHOTS, { recursive: true });
      const pages = await publishedPages();
      for (const viewport of VIEWPORTS) {
        const size = `${viewport.width}×${viewport.height}`;
        const page = await open(pages.page(orientation), viewport);
        const m = await measure(page);
        console.log(
          `${orientation} ${size}: popup ${m.popupWidth.toFixed(0)} px wide, smallest text ${m.smallestText.px.toFixed(1)} px ` +
            `("${m.smallestText.text}"), Claim ${m.claim.width.toFixed(0)}×${m.claim.height.toFixed(0)}, ${m.dayRows} row(s) of days`,
        );
        expect(m.popupWidth, size).toBeLessThanOrEqual(Math.min(POPUP_MAX_WIDTH_PX[orientation], viewport.width));
        // A hundredth of a pixel for the rounding of drawn boxes.
        expect(m.smallestText.px, `${size} "${m.smallestText.text}"`).toBeGreaterThanOrEqual(POPUP_MIN_TEXT_PX - 0.01);
        expect(m.claim.width, size).toBeGreaterThanOrEqual(POPUP_MIN_TARGET_PX);
        expect(m.claim.height, size).toBeGreaterThanOrEqual(POPUP_MIN_TARGET_PX);
        if (orientation === 'landscape') expect(m.dayRows, size).toBe(1);
        // A pack of 1 sword and 50 gems says two items; no card sums different items.
        expect(m.texts).toContain('2 items');
        expect(m.texts).not.toContain('×51');
        expect(m.texts).toContain('×1,000');
        // The missing image is the placeholder box, never a broken image.
        expect(m.brokenImages, size).toBe(0);
        expect(await page.locator('[data-node-id="dr-day-5-artwork"]').getAttribute('class')).toContain(
          'cb-image-placeholder',
        );
        if (SCREENSHOT_SIZES.has(size)) {
          await page.screenshot({ path: `${SHOTS}/popup-${orientation}-${viewport.width}x${viewport.height}.png` });
        }
      }
    });
  }

  it('shows a tapped Claim pending at once, and a second tap sends no second claim', async () => {
    const pages = await publishedPages();
    const page = await open(`${pages.page('landscape')}?streak=2`, { width: 844, height: 390 });
    const claim = page.locator('[data-bind="claim"]');
    await claim.tap();
    // Drawn in the same task as the tap: no waiting for the game.
    expect(await claim.innerText()).toBe(DEFAULT_LAYOUT_TEXTS.claimPending);
    expect(await claim.getAttribute('aria-busy')).toBe('true');
    expect(await claim.isDisabled()).toBe(true);
    expect(await page.locator('.cb-day-pending').getAttribute('data-day')).toBe('3');
    await claim.dispatchEvent('click');
    await claim.tap({ force: true });
    expect(await sentTypes(page)).toEqual(['loaded', 'ready', 'claim']);
    await page.screenshot({ path: `${SHOTS}/popup-landscape-claiming.png` });

    // The game grants the day and shows the next one: the button is armed again.
    const next = { ...week('landscape', pages.url), name: 'Week One' };
    await page.evaluate(
      `cbInit(${JSON.stringify({ source: 'CB_HOST', type: 'CB_INIT', payload: { featureType: 'daily_rewards', config: next, params: { streak: 3 }, v: 1 } })})`,
    );
    await page.getByRole('button', { name: DEFAULT_LAYOUT_TEXTS.claim }).waitFor();
    expect(await page.locator('[data-day-state="today"]').getAttribute('data-day')).toBe('4');
    expect(await page.locator('.cb-day-pending').count()).toBe(0);
    await claim.tap();
    expect((await sentTypes(page)).filter((type) => type === 'claim')).toHaveLength(2);
  });
});

describe('the embed page for a landscape game (decision 023)', () => {
  it('frames it landscape, days in one row, readable at phone sizes', async () => {
    const config = encodeEmbedConfig(week('landscape', 'https://cdn.example'));
    for (const viewport of VIEWPORTS.slice(0, 3)) {
      const size = `${viewport.width}×${viewport.height}`;
      const context = await setup.browser.newContext({ viewport });
      onTestFinished(() => context.close());
      const page = await context.newPage();
      await page.goto(`${setup.app.url}${EMBED_PATH}?config=${config}&streak=1`);
      await page.getByRole('button', { name: DEFAULT_LAYOUT_TEXTS.claim }).waitFor();
      const m = await measure(page);
      expect(m.dayRows, size).toBe(1);
      // A hundredth of a pixel for the rounding of drawn boxes.
      expect(m.smallestText.px, `${size} "${m.smallestText.text}"`).toBeGreaterThanOrEqual(POPUP_MIN_TEXT_PX - 0.01);
      expect(m.claim.height, size).toBeGreaterThanOrEqual(POPUP_MIN_TARGET_PX);
      expect(m.texts).toContain('2 items');
    }
  });
});
