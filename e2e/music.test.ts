import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { MUSIC_MESSAGES, MUSIC_NOTE_LIFETIME_MS, MUSIC_PADS, MUSIC_VIBRATION_MS } from '@liveops/domain/music';
import { seriousViolations } from './support/axe';
import { useBrowserAndApp } from './support/lifecycle';

const setup = useBrowserAndApp();
const SHOTS = '/tmp/shots';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

type Sound =
  { kind: 'oscillator'; type: OscillatorType; frequency: number; seconds: number } | { kind: 'noise'; seconds: number };
type Recorded = { sounds: Sound[]; vibrations: (number | number[])[]; notes: { added: number; removed?: number }[] };

/**
 * Runs in the page before its script: records every sound source the page schedules (kind, waveform, frequency,
 * how long until it stops) on top of the real Web Audio API, every vibration (when `vibrate` is true, a stand-in
 * navigator.vibrate; when false, none at all) and when each floating note came and went.
 */
function recordPage({ vibrate }: { vibrate: boolean | null }) {
  const recorded: Recorded = { sounds: [], vibrations: [], notes: [] };
  (window as unknown as { recorded: Recorded }).recorded = recorded;
  const lastSet = new WeakMap<AudioParam, number>();
  const setValueAtTime = AudioParam.prototype.setValueAtTime;
  AudioParam.prototype.setValueAtTime = function (this: AudioParam, value: number, time: number) {
    lastSet.set(this, value);
    return setValueAtTime.call(this, value, time);
  };
  const stop = AudioScheduledSourceNode.prototype.stop;
  AudioScheduledSourceNode.prototype.stop = function (this: AudioScheduledSourceNode, when = 0) {
    const seconds = when - this.context.currentTime;
    if (this instanceof OscillatorNode) {
      const frequency = lastSet.get(this.frequency) ?? this.frequency.value;
      recorded.sounds.push({ kind: 'oscillator', type: this.type, frequency, seconds });
    } else if (this instanceof AudioBufferSourceNode) {
      recorded.sounds.push({ kind: 'noise', seconds });
    }
    stop.call(this, when);
  };
  if (vibrate === false) {
    delete (Navigator.prototype as Partial<Navigator>).vibrate;
  } else if (vibrate) {
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value: (pattern: number | number[]) => recorded.vibrations.push(pattern) > 0,
    });
  }
  const notes = new Map<Node, { added: number; removed?: number }>();
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (node instanceof HTMLElement && node.classList.contains('music-note')) {
          const note = { added: performance.now() };
          notes.set(node, note);
          recorded.notes.push(note);
        }
      }
      for (const node of Array.from(record.removedNodes)) {
        const note = notes.get(node);
        if (note) note.removed = performance.now();
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Console errors and warnings, uncaught exceptions and CSP refusals of a page. */
function watchForProblems(page: Page): { errors: string[]; warnings: string[] } {
  const problems = { errors: [] as string[], warnings: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.errors.push(message.text());
    if (message.type() === 'warning') problems.warnings.push(message.text());
  });
  page.on('pageerror', (error) => problems.errors.push(`uncaught: ${error.message}`));
  return problems;
}

async function openMusic(
  options: BrowserContextOptions,
  { name = 'ada', vibrate = null as boolean | null, initScript = '' } = {},
) {
  const context = await setup.browser.newContext(options);
  await context.addInitScript(recordPage, { vibrate });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${setup.app.url}/${name}-music`);
  await page.getByRole('status').waitFor();
  return { context, page, problems, requests };
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded);
const statusOf = (page: Page) => page.getByRole('status').innerText();
const pad = (page: Page, name: string) => {
  const found = MUSIC_PADS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no pad ${name}`);
  return page.getByRole('button', { name: `${found.name} ${found.colour}`, exact: true });
};
/** The Haptics switch, and what it says beside it (its accessible description). */
const hapticsOf = (page: Page) => page.getByRole('button', { name: 'Haptics', exact: true });
const hapticsStateOf = (page: Page) =>
  hapticsOf(page).evaluate(
    (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? null,
  );
const pressedOf = (target: Locator) => target.getAttribute('aria-pressed');
const transformOf = (target: Locator) => target.evaluate((element) => getComputedStyle(element).transform);

async function centreOf(target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function tap(page: Page, target: Locator) {
  const { x, y } = await centreOf(target);
  await page.touchscreen.tap(x, y);
}

describe('the music page', () => {
  it('greets the name in its address, loads none of the dashboard’s code and has no serious axe violation', async () => {
    await mkdir(SHOTS, { recursive: true });
    const { context, page, problems, requests } = await openMusic(DESKTOP);
    expect(await statusOf(page)).toBe('Ready when you are, Ada!');
    expect(await page.title()).toBe(MUSIC_MESSAGES.pageTitle('Ada'));
    for (const { name, colour, key } of MUSIC_PADS) {
      const button = page.getByRole('button', { name: `${name} ${colour}`, exact: true });
      expect(await button.innerText()).toContain(name);
      expect(await button.getAttribute('aria-keyshortcuts')).toBe(key);
      expect(await pressedOf(button)).toBe('false');
    }
    const instruments = page.getByRole('group', { name: 'Instrument' }).getByRole('radio');
    expect(await instruments.evaluateAll((radios) => radios.map((radio) => radio.parentElement?.innerText))).toEqual([
      'Piano',
      'Tabla',
      'Trumpet',
    ]);
    expect(await page.getByRole('radio', { name: 'Piano' }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/music-desktop.png` });

    // Its own page, script, stylesheet and favicon, all from this origin: nothing of the dashboard.
    const assets = requests.filter((url) => url.includes('/assets/'));
    expect(requests.every((url) => url.startsWith(setup.app.url))).toBe(true);
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((url) => !/\/assets\/(?:music|modulepreload-polyfill)-[\w-]+\.(?:js|css)$/.test(url))).toEqual(
      [],
    );

    // Keyboard users see where they are.
    await page.keyboard.press('Tab');
    const focused = pad(page, 'Sunbeam');
    expect(await focused.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await focused.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');

    expect(await seriousViolations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('plays a pad on a tap: highlighted while held, a piano tone at its frequency, the status naming both', async () => {
    const { context, page, problems } = await openMusic(DESKTOP);
    const ember = pad(page, 'Ember');
    const { x, y } = await centreOf(ember);
    await page.mouse.move(x, y);
    await page.mouse.down();
    expect(await pressedOf(ember)).toBe('true');
    await expect.poll(() => transformOf(ember)).not.toBe('none');
    expect(await statusOf(page)).toBe('Piano joins the Ember melody!');
    await page.screenshot({ path: `${SHOTS}/music-desktop-pressed.png` });
    await page.mouse.up();
    expect(await pressedOf(ember)).toBe('false');
    await expect.poll(() => transformOf(ember)).toBe('none');
    expect(await statusOf(page)).toBe('Piano joins the Ember melody!');
    expect((await recorded(page)).sounds).toEqual([
      { kind: 'oscillator', type: 'sine', frequency: 392, seconds: expect.closeTo(1.1, 1) as number },
    ]);
    // Nothing to vibrate on a desktop: the switch says so.
    expect(await hapticsOf(page).isDisabled()).toBe(true);
    expect(await hapticsStateOf(page)).toBe('Not available');
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('lets go of a pad when the pointer leaves it while pressed', async () => {
    const { context, page } = await openMusic(DESKTOP);
    const sunbeam = pad(page, 'Sunbeam');
    const { x, y } = await centreOf(sunbeam);
    await page.mouse.move(x, y);
    await page.mouse.down();
    expect(await pressedOf(sunbeam)).toBe('true');
    await page.mouse.move(x, 5, { steps: 4 });
    expect(await pressedOf(sunbeam)).toBe('false');
    await page.mouse.up();
    // The right button does not play.
    await page.mouse.move(x, y);
    await page.mouse.down({ button: 'right' });
    expect(await pressedOf(sunbeam)).toBe('false');
    await page.mouse.up({ button: 'right' });
    expect((await recorded(page)).sounds).toHaveLength(1);
    await context.close();
  });

  it('plays pads by keys 1 to 4, and by Enter or Space on a focused pad, once per press', async () => {
    const { context, page, problems } = await openMusic(DESKTOP);
    const ocean = pad(page, 'Ocean');
    await page.keyboard.down('2');
    expect(await pressedOf(ocean)).toBe('true');
    expect(await statusOf(page)).toBe('Piano joins the Ocean melody!');
    await page.keyboard.up('2');
    expect(await pressedOf(ocean)).toBe('false');
    await page.keyboard.press('4');
    expect(await statusOf(page)).toBe('Piano joins the Meadow melody!');

    await pad(page, 'Sunbeam').focus();
    await page.keyboard.down('Enter');
    expect(await pressedOf(pad(page, 'Sunbeam'))).toBe('true');
    expect(await statusOf(page)).toBe('Piano joins the Sunbeam melody!');
    await page.keyboard.up('Enter');
    expect(await pressedOf(pad(page, 'Sunbeam'))).toBe('false');
    await pad(page, 'Ember').focus();
    await page.keyboard.press('Space');
    expect(await statusOf(page)).toBe('Piano joins the Ember melody!');

    // One tone each (2, 4, Enter on Sunbeam, Space on Ember): the button's own click never plays a second.
    const frequencies = (await recorded(page)).sounds.map((sound) => sound.kind === 'oscillator' && sound.frequency);
    expect(frequencies).toEqual([329.63, 493.88, 261.63, 392]);
    expect((await recorded(page)).notes).toHaveLength(4);
    // A held key does not repeat, and shortcuts with Ctrl are the browser's.
    await page.keyboard.down('1');
    await page.keyboard.down('1');
    await page.keyboard.up('1');
    await page.keyboard.press('Control+3');
    expect((await recorded(page)).sounds).toHaveLength(5);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('plays the chosen instrument: a trumpet’s sawtooth with a 5 Hz vibrato, a tabla’s 0.25 s noise burst', async () => {
    const { context, page } = await openMusic(DESKTOP);
    await page.getByRole('radio', { name: 'Trumpet' }).click();
    expect(await page.getByRole('radio', { name: 'Trumpet' }).isChecked()).toBe(true);
    await pad(page, 'Sunbeam').click();
    expect(await statusOf(page)).toBe('Trumpet joins the Sunbeam melody!');
    const trumpet = (await recorded(page)).sounds;
    expect(trumpet).toHaveLength(2);
    expect(trumpet).toContainEqual({ kind: 'oscillator', type: 'sine', frequency: 5, seconds: expect.closeTo(0.8, 1) });
    expect(trumpet).toContainEqual({
      kind: 'oscillator',
      type: 'sawtooth',
      frequency: 261.63,
      seconds: expect.closeTo(0.8, 1) as number,
    });

    await page.getByRole('radio', { name: 'Trumpet' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('radio', { name: 'Tabla' }).isChecked()).toBe(true);
    await page.keyboard.press('3');
    expect(await statusOf(page)).toBe('Tabla joins the Ember melody!');
    expect((await recorded(page)).sounds.slice(2)).toEqual([{ kind: 'noise', seconds: expect.closeTo(0.25, 1) }]);
    await context.close();
  });

  it('floats a note from a pressed pad that is gone 1.2 s later', async () => {
    const { context, page } = await openMusic(DESKTOP);
    await pad(page, 'Meadow').click();
    const note = page.locator('[data-pad="meadow"] .music-note');
    expect(await note.count()).toBe(1);
    expect(await note.getAttribute('aria-hidden')).toBe('true');
    await note.waitFor({ state: 'detached', timeout: MUSIC_NOTE_LIFETIME_MS + 2000 });
    const [lifetime] = (await recorded(page)).notes.map(({ added, removed }) => (removed ?? Infinity) - added);
    expect(lifetime).toBeGreaterThanOrEqual(MUSIC_NOTE_LIFETIME_MS - 20);
    expect(lifetime).toBeLessThan(MUSIC_NOTE_LIFETIME_MS + 500);
    await context.close();
  });

  it('on a 390 px phone: fits the screen, plays several pads at once by touch and vibrates 40 ms when Haptics is on', async () => {
    const { context, page, problems } = await openMusic(PHONE, { vibrate: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const target of [...MUSIC_PADS.map(({ name }) => pad(page, name)), hapticsOf(page)]) {
      const box = await target.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    }
    const haptics = hapticsOf(page);
    expect(await haptics.isDisabled()).toBe(false);
    expect(await haptics.getAttribute('aria-pressed')).toBe('true');
    expect(await hapticsStateOf(page)).toBe(MUSIC_MESSAGES.hapticsOn);
    await page.screenshot({ path: `${SHOTS}/music-phone.png` });

    await tap(page, pad(page, 'Ocean'));
    expect(await statusOf(page)).toBe('Piano joins the Ocean melody!');
    expect((await recorded(page)).vibrations).toEqual([MUSIC_VIBRATION_MS]);
    await tap(page, pad(page, 'Ocean'));

    // Two fingers down on Sunbeam and Meadow: both lit; the second slides off Meadow and lets go of it alone.
    const cdp = await context.newCDPSession(page);
    const sunbeam = await centreOf(pad(page, 'Sunbeam'));
    const meadow = await centreOf(pad(page, 'Meadow'));
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      touchPoints: { x: number; y: number; id: number }[],
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
    await touch('touchStart', [{ ...sunbeam, id: 1 }]);
    await touch('touchStart', [
      { ...sunbeam, id: 1 },
      { ...meadow, id: 2 },
    ]);
    expect(await pressedOf(pad(page, 'Sunbeam'))).toBe('true');
    expect(await pressedOf(pad(page, 'Meadow'))).toBe('true');
    expect(await statusOf(page)).toBe('Piano joins the Meadow melody!');
    await page.screenshot({ path: `${SHOTS}/music-phone-chord.png` });
    await touch('touchMove', [
      { ...sunbeam, id: 1 },
      { x: meadow.x, y: 10, id: 2 },
    ]);
    expect(await pressedOf(pad(page, 'Meadow'))).toBe('false');
    expect(await pressedOf(pad(page, 'Sunbeam'))).toBe('true');
    await touch('touchEnd', []);
    expect(await pressedOf(pad(page, 'Sunbeam'))).toBe('false');
    const frequencies = (await recorded(page)).sounds.map((sound) => sound.kind === 'oscillator' && sound.frequency);
    expect(frequencies).toEqual([329.63, 329.63, 261.63, 493.88]);
    expect((await recorded(page)).vibrations).toEqual([40, 40, 40, 40]);

    // Switched off, a tap no longer vibrates.
    await haptics.tap();
    expect(await haptics.getAttribute('aria-pressed')).toBe('false');
    expect(await hapticsStateOf(page)).toBe(MUSIC_MESSAGES.hapticsOff);
    await tap(page, pad(page, 'Ember'));
    expect(await statusOf(page)).toBe('Piano joins the Ember melody!');
    expect((await recorded(page)).vibrations).toHaveLength(4);
    expect(problems.errors).toEqual([]);
    expect(problems.warnings).toEqual([]);
    await context.close();
  });

  it('says Haptics "Not available", disabled, where navigator.vibrate is missing', async () => {
    const { context, page } = await openMusic(PHONE, { vibrate: false });
    expect(await hapticsOf(page).isDisabled()).toBe(true);
    expect(await hapticsStateOf(page)).toBe('Not available');
    expect(await page.getByText('Not available', { exact: true }).isVisible()).toBe(true);
    await tap(page, pad(page, 'Sunbeam'));
    expect(await statusOf(page)).toBe('Piano joins the Sunbeam melody!');
    await page.screenshot({ path: `${SHOTS}/music-phone-no-haptics.png` });
    await context.close();
  });

  it('shows a name with markup as text, never as HTML', async () => {
    const { context, page } = await openMusic(DESKTOP);
    const address = `${setup.app.url}/%3Cb%3Ex%3C%2Fb%3E-music`;
    // The server does not route such a name here…
    expect(await (await context.request.get(address)).text()).not.toContain('src="/assets/music-');
    // …but should the page ever be opened at it, the name is text.
    await context.route(
      (url) => url.pathname === '/%3Cb%3Ex%3C%2Fb%3E-music',
      async (route) => route.fulfill({ response: await route.fetch({ url: `${setup.app.url}/ada-music` }) }),
    );
    await page.goto(address);
    await page.getByRole('status').waitFor();
    expect(await statusOf(page)).toBe('Ready when you are, <b>x</b>!');
    expect(await page.locator('b').count()).toBe(0);
    expect(await page.title()).toBe(MUSIC_MESSAGES.pageTitle('<b>x</b>'));
    await context.close();
  });

  it('still plays without sound when there is no AudioContext, it cannot be made or it will not start', async () => {
    const cases = [
      ['no AudioContext', 'delete window.AudioContext; delete window.webkitAudioContext;', true],
      [
        'a throwing AudioContext',
        'window.AudioContext = class { constructor() { throw new Error("no device"); } };',
        true,
      ],
      [
        'an AudioContext that will not start',
        `const Real = window.AudioContext;
         window.AudioContext = class extends Real {
           get state() { return 'suspended'; }
           resume() { return Promise.reject(new Error('not allowed')); }
         };`,
        false,
      ],
    ] as const;
    for (const [label, initScript, noticed] of cases) {
      const { context, page, problems } = await openMusic(DESKTOP, { initScript });
      await pad(page, 'Ocean').click();
      await page.keyboard.press('3');
      expect(await statusOf(page), label).toBe('Piano joins the Ember melody!');
      expect(await page.locator('.music-note').count(), label).toBe(2);
      expect(problems.errors, label).toEqual([]);
      expect(
        problems.warnings.some((warning) => warning.startsWith('Music: ')),
        label,
      ).toBe(true);
      expect(await page.getByText(MUSIC_MESSAGES.audioUnavailable).isVisible(), label).toBe(noticed);
      if (label === 'no AudioContext') await page.screenshot({ path: `${SHOTS}/music-no-audio.png` });
      await context.close();
    }
  });
});
