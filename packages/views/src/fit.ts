// Fitting a popup to its screen, without React: the renderer's useFitScale and a published page's first script
// (before React, or preact, is even loaded) share it.
import { POPUP_MIN_TEXT_PX } from '@liveops/domain/published';

export interface Fit {
  scale: number;
  height: number;
}

/** What a popup's texts are drawn with: its texts, button labels and the claimed days' check marks. */
const TEXTS = '.cb-text, .cb-button, .cb-day-check';

/**
 * The smallest scale at which every text of `content` still reads POPUP_MIN_TEXT_PX or more (decision 023): a
 * layout whose smallest text is 14 px may be scaled to 11/14; one with a text of 11 px or less, not at all. Empty
 * texts (an amount not bound yet) do not count.
 */
function readableScale(content: HTMLElement): number {
  const view = content.ownerDocument.defaultView!;
  let smallest = Infinity;
  for (const text of Array.from(content.querySelectorAll<HTMLElement>(TEXTS))) {
    if (!text.textContent) continue;
    const size = parseFloat(view.getComputedStyle(text).fontSize);
    if (size > 0 && size < smallest) smallest = size;
  }
  return smallest === Infinity ? 0 : Math.min(1, POPUP_MIN_TEXT_PX / smallest);
}

/**
 * The scale (at most 1) at which `content` fits inside `box`'s content box, and content's natural height. Never
 * below the scale that keeps its smallest text readable (decision 023): a popup that would need more shrinking
 * is drawn at that scale and its screen scrolls. Reads the layout: call it where the browser has made one anyway
 * (a ResizeObserver's callback), or once.
 */
export function measureFit(box: HTMLElement, content: HTMLElement): Fit {
  const style = box.ownerDocument.defaultView!.getComputedStyle(box);
  const height = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const natural = { height: content.offsetHeight, width: content.scrollWidth };
  const needed = Math.min(
    1,
    natural.height > 0 && height > 0 ? height / natural.height : 1,
    natural.width > 0 && width > 0 ? width / natural.width : 1,
  );
  // The texts are read only when the popup would shrink: a popup that fits costs nothing more.
  const scale = needed < 1 ? Math.max(needed, readableScale(content)) : 1;
  return { scale, height: natural.height };
}

/** The style that shows content at its fit: scaled down, giving back the height it no longer takes. */
export function fitStyle({ scale, height }: Fit): { transform: string; marginBottom: string } | undefined {
  // A transform keeps the layout size: the negative margin keeps the scaled content centred.
  return scale < 1 ? { transform: `scale(${scale})`, marginBottom: `${-(1 - scale) * height}px` } : undefined;
}

/**
 * Fits every Background's content in markup already in `container` (a published page's prerendered popup, drawn
 * unscaled), as the renderer would: so a popup taller or wider than the web view is not painted cut off before
 * the renderer takes it over. Reads the layout once.
 */
export function applyFitScales(container: ParentNode): void {
  for (const content of Array.from(container.querySelectorAll<HTMLElement>('.cb-background > .cb-fit'))) {
    const style = fitStyle(measureFit(content.parentElement!, content));
    if (!style) continue;
    content.style.transform = style.transform;
    content.style.marginBottom = style.marginBottom;
  }
}
