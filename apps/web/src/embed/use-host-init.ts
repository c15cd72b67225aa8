import { type EmbedInitMessage, parseEmbedInitMessage } from '@liveops/domain/popup';
import { useEffect, useRef } from 'react';

/**
 * Calls onInit with each valid CB_INIT the host posts. Only the window that frames this page (or opened it)
 * is listened to, so another frame of the host page cannot repaint the popup; any other message, or one of
 * another shape or protocol version, is ignored.
 */
export function useHostInit(onInit: (message: EmbedInitMessage) => void) {
  const latest = useRef(onInit);
  useEffect(() => {
    latest.current = onInit;
  });
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.source !== window.parent && (window.opener === null || event.source !== window.opener)) return;
      const message = parseEmbedInitMessage(event.data);
      if (message) latest.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
}
