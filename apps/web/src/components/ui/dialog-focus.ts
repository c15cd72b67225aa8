/** What a form dialog focuses when it opens: its first field that takes input, not its close button. */
const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function firstField(container: HTMLElement): HTMLElement | null {
  for (const element of container.querySelectorAll<HTMLElement>(FIELD)) {
    if (element.getClientRects().length > 0 || !element.closest('[hidden]')) return element;
  }
  return null;
}

/**
 * Focuses the container's first field, or, while its content is still loading (a lazily loaded form), the container
 * itself and then the first field once one appears, unless the user has moved focus by then. Returns a stop
 * function for when the dialog closes first.
 */
export function focusFirstField(container: HTMLElement): () => void {
  const field = firstField(container);
  if (field) {
    field.focus();
    return () => undefined;
  }
  container.focus();
  const observer = new MutationObserver(() => {
    const owner = container.ownerDocument;
    if (owner.activeElement !== container && container.contains(owner.activeElement)) {
      observer.disconnect();
      return;
    }
    const arrived = firstField(container);
    if (!arrived) return;
    observer.disconnect();
    if (owner.activeElement === container || owner.activeElement === owner.body) arrived.focus();
  });
  observer.observe(container, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Radix returns focus on close only to its own Trigger; a dialog opened by anything else (a controlled dialog, a
 * held navigation) calls `remember` as it opens (focus is still on the opener then) and `restore` as it closes.
 */
export function openerFocus() {
  let opener: HTMLElement | null = null;
  return {
    remember: () => {
      const active = document.activeElement;
      opener = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    restore: (event: Event) => {
      const target = opener;
      opener = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
