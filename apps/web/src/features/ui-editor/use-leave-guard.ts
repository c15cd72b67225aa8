import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first: an in-app navigation to another page is held (the blocker's state is
 * 'blocked' until the caller proceeds or resets), and closing or reloading the tab gets the browser's own prompt.
 */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
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
