/** The device's vibration motor, as far as a page can tell. */
export type Haptics = { available: boolean; vibrate: (milliseconds: number) => void };

/**
 * Desktop Chrome has navigator.vibrate but nothing to vibrate, so a device counts as able to vibrate when it has
 * the API and a touch screen as its main pointer. Chrome refuses (and logs) a vibration before the page's first
 * completed tap, so none is asked for until then.
 */
export function deviceHaptics(): Haptics {
  const available = typeof navigator.vibrate === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return {
    available,
    vibrate: (milliseconds) => {
      if (!available || (navigator.userActivation as UserActivation | undefined)?.hasBeenActive === false) return;
      navigator.vibrate(milliseconds);
    },
  };
}
