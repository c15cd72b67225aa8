import { describe, expect, it } from 'vitest';
import {
  CANVAS_PRESETS,
  canvasDensity,
  canvasPresetName,
  DEFAULT_CANVAS_SIZE,
  EMBED_FRAME,
  fitScale,
  parseCanvasSide,
  PREVIEW_MIN_HEIGHT,
} from './presets';

describe('canvas presets', () => {
  it('lists the presets of the spec in order, each in both orientations', () => {
    expect(CANVAS_PRESETS.map(canvasPresetName)).toEqual([
      'Full HD 1920x1080',
      'Full HD 1080x1920',
      'WQHD 2400x1080',
      'WQHD 1080x2400',
      'QHD 2532x1170',
      'QHD 1170x2532',
      'Tablet 2732x2048',
      'Tablet 2048x2732',
    ]);
    expect(DEFAULT_CANVAS_SIZE).toEqual({ width: 1080, height: 1920 });
    expect(PREVIEW_MIN_HEIGHT).toBe(420);
    expect(EMBED_FRAME.width / EMBED_FRAME.height).toBe(EMBED_FRAME.aspectRatio);
    expect(EMBED_FRAME).toMatchObject({ width: 360, aspectRatio: 9 / 16 });
  });

  it('scales by the tighter of width and height', () => {
    expect(fitScale(540, 2000, 1080, 1920)).toBe(0.5);
    expect(fitScale(2000, 480, 1080, 1920)).toBe(0.25);
    expect(fitScale(-10, 100, 1080, 1920)).toBe(0);
    expect(fitScale(100, 100, 0, 1920)).toBe(1);
    expect(fitScale(Number.NaN, 100, 10, 10)).toBe(1);
  });

  it('takes a positive whole width or height and keeps the previous value otherwise', () => {
    expect(parseCanvasSide('720', 1080)).toBe(720);
    expect(parseCanvasSide(' 1 ', 1080)).toBe(1);
    for (const bad of ['', '0', '-5', '12.5', 'abc', '1e3', '99999']) expect(parseCanvasSide(bad, 1080)).toBe(1080);
  });
});

describe('canvasDensity', () => {
  it('lays every preset out at the CSS size its device would: phones at 3, tablets at 2', () => {
    const css = CANVAS_PRESETS.map((p) => `${p.width / canvasDensity(p)}x${p.height / canvasDensity(p)}`);
    expect(css).toEqual(['640x360', '360x640', '800x360', '360x800', '844x390', '390x844', '1366x1024', '1024x1366']);
  });
  it('takes small hand-typed sizes as CSS pixels and mid sizes at density 2', () => {
    expect(canvasDensity({ width: 390, height: 844 })).toBe(1);
    expect(canvasDensity({ width: 720, height: 1280 })).toBe(2);
    expect(canvasDensity({ width: Number.NaN, height: 10 })).toBe(1);
  });
});
