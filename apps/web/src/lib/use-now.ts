import { useEffect, useState } from 'react';

/** The browser's clock, read again every `intervalMs`: for what a page says about "now" (ended, upcoming; a ticking clock asks every second). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
