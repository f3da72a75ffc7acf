import { WEEKLY_GOAL, type ReviewSummary } from '../contract';

// The weekly goal and the streak, from activity buckets: each completed lesson or reviewed card
// adds one to the 15-minute UTC bucket it happened in (ACT#2026-11-23T04:15). Every time zone's
// offset is a whole number of quarter hours, so each bucket falls on exactly one local day in any
// zone, and the learner's days are computed when they read them, in the zone their browser says.

export const BUCKET_MINUTES = 15;
/** How far back the streak looks: a longer streak shows as this many days. */
export const STREAK_WINDOW_DAYS = 400;

export const bucketOf = (at: Date) => {
  const d = new Date(at);
  d.setUTCMinutes(d.getUTCMinutes() - (d.getUTCMinutes() % BUCKET_MINUTES), 0, 0);
  return d.toISOString().slice(0, 16);
};

export interface ActivityBucket {
  /** `yyyy-mm-ddThh:mm`, UTC, the bucket's start. */
  bucket: string;
  count: number;
}

/** `yyyy-mm-dd` of an instant in a time zone. */
export const localDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Days between two `yyyy-mm-dd` dates (calendar arithmetic, no time zone involved). */
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Monday of the week holding `day` (ISO weeks start on Monday). */
const mondayOf = (day: string) => {
  const n = dayNumber(day);
  const weekday = (new Date(n * 86_400_000).getUTCDay() + 6) % 7;
  return n - weekday;
};

/**
 * Streak: consecutive local days with activity ending today, or ending yesterday when today has
 * none yet (the day is not over, so the streak is still alive). Goal: activity this local week.
 */
export function progressOf(buckets: ActivityBucket[], now: Date, timeZone: string): Omit<ReviewSummary, 'pendientes' | 'zonaHoraria'> {
  const perDay = new Map<number, number>();
  for (const b of buckets) {
    const n = dayNumber(localDay(new Date(`${b.bucket}:00Z`), timeZone));
    perDay.set(n, (perDay.get(n) ?? 0) + b.count);
  }
  const today = dayNumber(localDay(now, timeZone));
  const hoy = (perDay.get(today) ?? 0) > 0;
  let dias = 0;
  for (let d = hoy ? today : today - 1; (perDay.get(d) ?? 0) > 0; d--) dias++;
  const monday = mondayOf(localDay(now, timeZone));
  let hechas = 0;
  for (const [d, count] of perDay) if (d >= monday && d <= today) hechas += count;
  return { racha: { dias, hoy }, metaSemanal: { meta: WEEKLY_GOAL, hechas, cumplida: hechas >= WEEKLY_GOAL } };
}
