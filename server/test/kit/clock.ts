/**
 * A clock that runs on in real time and can be moved forward at once: `Date.now()` and `new Date()`
 * read real time plus an offset that `advance` adds to. Timers stay real, so an app's own timers
 * (the delivery scheduler's polling), sockets and database drivers behave as in production; only
 * what the code reads as "now" jumps. A suite with something due in a few seconds advances the clock
 * instead of sleeping until then.
 *
 *   const clock = movableClock(); // in a describe: installs before its tests, restores after them
 *   clock.advance(1500);          // a delivery due in 1.5 s is now due
 */
export interface MovableClock {
  /** Moves "now" forward by `ms`. */
  advance(ms: number): void;
}

export function movableClock(): MovableClock {
  const RealDate = globalThis.Date;
  let offset = 0;
  class OffsetDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }

    static now(): number {
      return RealDate.now() + offset;
    }

    // Dates made before the clock was installed (or by code holding the real Date) are still Dates.
    static [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof RealDate;
    }
  }
  beforeAll(() => {
    offset = 0;
    globalThis.Date = OffsetDate as DateConstructor;
  });
  afterAll(() => {
    globalThis.Date = RealDate;
  });
  return {
    advance(ms: number) {
      offset += ms;
    },
  };
}
