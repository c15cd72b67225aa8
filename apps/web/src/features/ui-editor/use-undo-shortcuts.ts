import { useEffect } from 'react';

/**
 * Text fields keep their own Ctrl/Cmd+Z (undoing typing), so the editor's undo does not steal it there; except
 * the Properties fields marked `data-editor-history`, whose typing is the editor's history (useLiveText).
 */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target.hasAttribute('data-editor-history')) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'color'].includes(target.type);
}

/** Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes, anywhere on the page but inside other text fields. */
export function useUndoShortcuts(undo: () => void, redo: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextEntry(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (key === 'y' && !event.shiftKey) {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [undo, redo]);
}
