/** The clock, injectable so tests can move time (link expiry, rate windows). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const epochSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
