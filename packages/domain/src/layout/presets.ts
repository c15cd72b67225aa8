import type { Orientation } from './popup-size';

/** The editor canvas presets, in the spec's order. */
export const CANVAS_PRESETS = [
  { label: 'Full HD', width: 1920, height: 1080 },
  { label: 'Full HD', width: 1080, height: 1920 },
  { label: 'WQHD', width: 2400, height: 1080 },
  { label: 'WQHD', width: 1080, height: 2400 },
  { label: 'QHD', width: 2532, height: 1170 },
  { label: 'QHD', width: 1170, height: 2532 },
  { label: 'Tablet', width: 2732, height: 2048 },
  { label: 'Tablet', width: 2048, height: 2732 },
] as const;
export type CanvasSize = { width: number; height: number };
export type CanvasPreset = CanvasSize & { label: string };

export const DEFAULT_CANVAS_SIZE: CanvasSize = { width: 1080, height: 1920 };

/** The preview's first canvas for a game held this way (decision 023): Full HD, turned to the game's orientation. */
export function defaultCanvasSize(orientation: Orientation | undefined): CanvasSize {
  return orientation === 'landscape' ? { width: 1920, height: 1080 } : DEFAULT_CANVAS_SIZE;
}
/** A canvas side beyond this is refused like any invalid entry: no real screen is larger. */
export const CANVAS_SIZE_MAX = 10_000;
/** The preview frame: at least 420 px tall. */
export const PREVIEW_MIN_HEIGHT = 420;
/** The embed frame: 360 px wide at 9:16. */
export const EMBED_FRAME = { width: 360, aspectRatio: 9 / 16, height: 640 } as const;
/** The embed frame of a landscape game (decision 023): the spec's frame turned, 640×360 at 16:9. */
export const EMBED_FRAME_LANDSCAPE = { width: 640, aspectRatio: 16 / 9, height: 360 } as const;

export function embedFrame(orientation: Orientation | undefined) {
  return orientation === 'landscape' ? EMBED_FRAME_LANDSCAPE : EMBED_FRAME;
}

/** Each preset names its orientation by its size, since both orientations share a label: "Full HD 1080x1920". */
export function canvasPresetName(preset: CanvasPreset): string {
  return `${preset.label} ${preset.width}x${preset.height}`;
}

/**
 * The scale that fits a W×H canvas into the available space, min(available width / W, available height / H).
 * Never negative; 1 when the canvas has no usable size.
 */
export function fitScale(availableWidth: number, availableHeight: number, width: number, height: number): number {
  if (![availableWidth, availableHeight, width, height].every(Number.isFinite) || width <= 0 || height <= 0) return 1;
  return Math.max(0, Math.min(availableWidth / width, availableHeight / height));
}

/**
 * How many device pixels a CSS pixel covers on a screen of W×H device pixels (decision 014). The presets are
 * screens in device pixels, while a game's web view lays the popup out in CSS pixels: a 1080×1920 phone shows it
 * 360 CSS pixels wide (density 3), a 2048×2732 tablet 1024 wide (density 2). Sizes typed in by hand that are
 * already small are taken as CSS pixels.
 */
export function canvasDensity({ width, height }: { width: number; height: number }): number {
  const shorter = Math.min(width, height);
  if (!Number.isFinite(shorter) || shorter < 600) return 1;
  if (shorter < 900 || shorter >= 1600) return 2;
  return 3;
}

/**
 * Preview width and height: a positive whole value (at most CANVAS_SIZE_MAX); any other entry keeps the
 * previous value.
 */
export function parseCanvasSide(input: string, previous: number): number {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return previous;
  const n = Number(text);
  return n >= 1 && n <= CANVAS_SIZE_MAX ? n : previous;
}
