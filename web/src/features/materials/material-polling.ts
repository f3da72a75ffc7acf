import type { MaterialView } from '../../../../lambdas/contract/materials';

/** How often a material being processed is asked about. Tests shorten these. */
export const materialPolling = {
  /** The first wait, and the wait again after the material moved (a page more, a new state). */
  firstMs: 1000,
  /** The longest wait between two polls of a material that did not move. */
  maxMs: 8000,
};

/** The last answer seen (when the cache got it, what it said) and the wait chosen after it. */
export interface PollState {
  at: number;
  sig: string;
  wait: number;
}

const signature = (m: MaterialView) => `${m.estado}/${m.progreso?.hechas ?? ''}/${m.progreso?.total ?? ''}/${m.pasajes}`;

/**
 * The wait before the next GET /materials/{id}: none once the material is `listo` or `error`;
 * `firstMs` after it moved; else twice the last wait up to `maxMs`. Asked again about the same
 * answer (`at` unchanged: a re-render), the same wait, so renders do not stretch the backoff.
 */
export function nextMaterialPoll(prev: PollState | undefined, m: MaterialView | undefined, at: number): { wait: number | false; state?: PollState } {
  if (!m || m.estado !== 'procesando') return { wait: false };
  if (prev && prev.at === at) return { wait: prev.wait, state: prev };
  const sig = signature(m);
  const wait = !prev || prev.sig !== sig ? materialPolling.firstMs : Math.min(materialPolling.maxMs, prev.wait * 2);
  return { wait, state: { at, sig, wait } };
}
