import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';

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
export function fitStyle({ scale, height }: Fit): CSSProperties | undefined {
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
    content.style.transform = String(style.transform);
    content.style.marginBottom = String(style.marginBottom);
  }
}

/**
 * The scale (at most 1) at which `inner` fits inside `outer`'s content box: a popup designed for a portrait
 * phone still shows whole on a landscape screen or a small web view, smaller rather than cut off. Followed with a
 * ResizeObserver; where there is none (a test DOM), 1.
 */
export function useFitScale(outer: RefObject<HTMLElement | null>, inner: RefObject<HTMLElement | null>): Fit {
  const [fit, setFit] = useState<Fit>({ scale: 1, height: 0 });
  useLayoutEffect(() => {
    const box = outer.current;
    const content = inner.current;
    const view = box?.ownerDocument.defaultView;
    if (!box || !content || !view || typeof view.ResizeObserver === 'undefined') return;
    // Measured here, never while rendering: a read of the layout during render would force one on every edit.
    const measure = () => {
      const next = measureFit(box, content);
      setFit((current) =>
        Math.abs(current.scale - next.scale) < 0.005 && Math.abs(current.height - next.height) < 1 ? current : next,
      );
    };
    // The observer reports both sizes once they are laid out, before that frame is painted: measuring then
    // reads a layout the browser has made anyway, where measuring now would force one while the page is built.
    const observer = new view.ResizeObserver(measure);
    observer.observe(box);
    observer.observe(content);
    return () => observer.disconnect();
  }, [outer, inner]);
  return fit;
}
