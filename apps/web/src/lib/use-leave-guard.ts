import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';

/** Whether going from one address to another leaves what is being edited: by default, another page. */
export type Leaves = (current: Location, next: Location) => boolean;

const anotherPage: Leaves = (current, next) => current.pathname !== next.pathname;

/**
 * Leaving with unsaved changes asks first, as the UI editor does: an in-app navigation that `leaves` is held (the
 * blocker's state is 'blocked' until the caller proceeds or resets), and closing or reloading the tab gets the
 * browser's own prompt.
 */
export function useLeaveGuard(dirty: boolean, leaves: Leaves = anotherPage) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && leaves(currentLocation, nextLocation));
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}
