import { PUBLISHED_FIRST_PAINT_FALLBACK_MS } from '@liveops/domain/published';

/**
 * Runs `task` once, after the page has painted what it holds: in the task after the next animation frame. A page
 * that draws no frames (a web view the game keeps hidden until the page says `ready`) runs it after
 * `fallbackMs`, or at once when the document says it is hidden. The fallback must outlast a slow first layout:
 * fired before the first frame, it would put the task before the paint it waits for.
 */
export function afterFirstPaint(
  task: () => void,
  view: Window = window,
  fallbackMs = PUBLISHED_FIRST_PAINT_FALLBACK_MS,
): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  if (view.document.visibilityState === 'hidden') {
    run();
    return;
  }
  view.requestAnimationFrame(() => view.setTimeout(run, 0));
  view.setTimeout(run, fallbackMs);
}
