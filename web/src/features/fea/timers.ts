import { useEffect, useRef, useState } from 'react';

/**
 * Runs `go` once after `ms` while `active` holds (the recovery's 2 s and the unlock's 1.5 s
 * redirects, §9). Leaving the page first cancels it.
 */
export function useRedirectAfter(active: boolean, ms: number, go: () => void): void {
  const latest = useRef(go);
  latest.current = go;
  useEffect(() => {
    if (!active) return;
    const timer = window.setTimeout(() => latest.current(), ms);
    return () => window.clearTimeout(timer);
  }, [active, ms]);
}

/** Seconds left of a countdown from `seconds` that calls `done` at zero (screen 12, §9). */
export function useCountdown(seconds: number, done: () => void): number {
  const [left, setLeft] = useState(seconds);
  const latest = useRef(done);
  latest.current = done;
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        latest.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);
  return left;
}
