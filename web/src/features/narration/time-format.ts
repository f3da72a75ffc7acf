/** 83 → "1:23"; 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** How a screen reader says a position: "1 minuto 23 segundos". */
export function spokenClock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const m = Math.floor(s / 60);
  const parts = [];
  if (m) parts.push(`${m} ${m === 1 ? 'minuto' : 'minutos'}`);
  if (s % 60 || !m) parts.push(`${s % 60} ${s % 60 === 1 ? 'segundo' : 'segundos'}`);
  return parts.join(' ');
}

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** 1.25 → "1,25×" (Spanish decimal comma). */
export const speedLabel = (rate: number) => `${String(rate).replace('.', ',')}×`;
