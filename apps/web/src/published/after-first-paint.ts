/**
 * Runs `task` once, after the page has painted what it holds: in the task after the next animation frame. A page
 * that draws no frames (a web view the game keeps hidden until the page says `ready`) runs it after
 * `fallbackMs`, or at once when the document says it is hidden.
 */
export function afterFirstPaint(task: () => void, view: Window = window, fallbackMs = 100): void {
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
