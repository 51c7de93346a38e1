/** A clock a test moves (the canary watch's window and its 10 s evaluation, without waiting). */
import type { CanaryClock } from '../../src/releases/canary-count';

/** `advance` runs the timers that come due on the way, in order, awaiting each run. */
export function fakeClock(start: number) {
  let now = start;
  const timers: Array<{ ms: number; next: number; run: () => Promise<void> | void; stopped: boolean }> = [];
  const clock: CanaryClock = {
    now: () => now,
    every(ms, run) {
      const timer = { ms, next: now + ms, run, stopped: false };
      timers.push(timer);
      return () => void (timer.stopped = true);
    },
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => !t.stopped && t.next <= until).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.ms;
      await due.run();
    }
    now = until;
  };
  /** Ms until the next timer comes due. */
  const untilDue = () => Math.min(...timers.filter((t) => !t.stopped).map((t) => t.next)) - now;
  return { clock, advance, untilDue };
}
