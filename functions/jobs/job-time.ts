/** The moment a scheduled run stands for: the event's `time` (EventBridge), else now. */
export function jobNow(event: { time?: string } | undefined): number {
  const t = event?.time ? Date.parse(event.time) : Number.NaN;
  return Math.floor((Number.isNaN(t) ? Date.now() : t) / 1000);
}

export interface ScheduledEvent {
  time?: string;
}
