import { useEffect, useState } from 'react';

/** The longest a browser timer waits (about 24.8 days); a page is not left open longer. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Whether the moment `time` (milliseconds since the epoch) has come: true from then on, while the page stays open too. */
export function useHasPassed(time: number): boolean {
  const [now, setNow] = useState(Date.now);
  const passed = now >= time;
  useEffect(() => {
    if (passed) return;
    const wait = time - Date.now();
    if (wait > LONGEST_TIMER_MS) return;
    const timer = setTimeout(() => setNow(Math.max(Date.now(), time)), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [time, passed]);
  return passed;
}
