import { type RefObject, useLayoutEffect, useState } from 'react';
import { type Fit, measureFit } from '../fit';

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
