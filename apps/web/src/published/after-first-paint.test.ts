import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A window whose frames and timers run only when the test says. */
function fakeWindow(visibilityState: 'visible' | 'hidden') {
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const view = {
    document: { visibilityState },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ run, ms }),
  } as unknown as Window;
  return { view, frames, timers };
}

describe('afterFirstPaint', () => {
  it('runs the task once, in the task after the next frame, and not again when the fallback fires', () => {
    const { view, frames, timers } = fakeWindow('visible');
    const task = vi.fn();
    afterFirstPaint(task, view, 100);
    expect(task).not.toHaveBeenCalled();
    frames.shift()!();
    expect(task).not.toHaveBeenCalled();
    const afterFrame = timers.find((timer) => timer.ms === 0)!;
    afterFrame.run();
    expect(task).toHaveBeenCalledTimes(1);
    timers.find((timer) => timer.ms === 100)!.run();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it after the fallback in a page that draws no frames', () => {
    const { view, timers } = fakeWindow('visible');
    const task = vi.fn();
    afterFirstPaint(task, view, 100);
    timers.find((timer) => timer.ms === 100)!.run();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs it at once in a hidden document', () => {
    const { view, frames, timers } = fakeWindow('hidden');
    const task = vi.fn();
    afterFirstPaint(task, view, 100);
    expect(task).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
    expect(timers).toHaveLength(0);
  });
});
