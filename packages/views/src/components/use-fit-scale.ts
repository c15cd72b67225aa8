import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The scale (at most 1) at which `inner` fits inside `outer`'s content box: a popup designed for a portrait
 * phone still shows whole on a landscape screen or a small web view, smaller rather than cut off. Followed with a
 * ResizeObserver; where there is none (a test DOM), 1.
 */
export function useFitScale(
  outer: RefObject<HTMLElement | null>,
  inner: RefObject<HTMLElement | null>,
): { scale: number; height: number } {
  const [fit, setFit] = useState({ scale: 1, height: 0 });
  useLayoutEffect(() => {
    const box = outer.current;
    const content = inner.current;
    const view = box?.ownerDocument.defaultView;
    if (!box || !content || !view || typeof view.ResizeObserver === 'undefined') return;
    const measure = () => {
      const style = view.getComputedStyle(box);
      const height = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const natural = { height: content.offsetHeight, width: content.scrollWidth };
      const next = Math.min(
        1,
        natural.height > 0 && height > 0 ? height / natural.height : 1,
        natural.width > 0 && width > 0 ? width / natural.width : 1,
      );
      // Measured here, never while rendering: a read of the layout during render would force one on every edit.
      setFit((current) =>
        Math.abs(current.scale - next) < 0.005 && Math.abs(current.height - natural.height) < 1
          ? current
          : { scale: next, height: natural.height },
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
