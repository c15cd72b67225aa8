import { useCallback, useEffect, useState } from 'react';

export type TimedMessage<K extends string> = { kind: K; text: string; ms: number };

/**
 * A status line that clears itself after its own duration (saved 3 s, save error 4 s). Showing a message
 * again, even the same text, starts its time again.
 */
export function useTimedMessage<K extends string>() {
  const [message, setMessage] = useState<TimedMessage<K> | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), message.ms);
    return () => clearTimeout(timer);
  }, [message]);
  const show = useCallback((kind: K, text: string, ms: number) => setMessage({ kind, text, ms }), []);
  return { message, show };
}
