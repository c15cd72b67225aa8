// Fitting a popup to its screen, without React: the renderer's useFitScale and a published page's first script
// (before React, or preact, is even loaded) share it.

export interface Fit {
  scale: number;
  height: number;
}

/**
 * The scale (at most 1) at which `content` fits inside `box`'s content box, and content's natural height. Reads
 * the layout: call it where the browser has made one anyway (a ResizeObserver's callback), or once.
 */
export function measureFit(box: HTMLElement, content: HTMLElement): Fit {
  const style = box.ownerDocument.defaultView!.getComputedStyle(box);
  const height = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const natural = { height: content.offsetHeight, width: content.scrollWidth };
  const scale = Math.min(
    1,
    natural.height > 0 && height > 0 ? height / natural.height : 1,
    natural.width > 0 && width > 0 ? width / natural.width : 1,
  );
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
