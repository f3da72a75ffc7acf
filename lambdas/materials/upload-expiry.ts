import type { MaterialView } from '../contract';
import { PRESIGN_SECONDS } from './material-files';

// A file material whose upload never came (the form expired unused, or the browser closed) would read
// `procesando` for ever. Once its form has expired and the longest job could have run, it reads as
// `error` with what to do; nothing is written (the learner deletes it, which frees its place).

/** The form's 5 minutes, then the processor's whole timeout (infra/function-limits.ts, 300 s), then a margin. */
export const UPLOAD_GIVEN_UP_MS = (PRESIGN_SECONDS + 300 + 300) * 1000;
export const UPLOAD_NEVER_CAME = 'No recibimos el archivo a tiempo. Bórralo y vuelve a subirlo.';

export function withExpiredUpload<T extends MaterialView>(m: T, now: Date): T {
  const waiting = m.origen === 'archivo' && m.estado === 'procesando' && !m.progreso?.total;
  if (!waiting || now.getTime() - Date.parse(m.creadoEn) < UPLOAD_GIVEN_UP_MS) return m;
  const { progreso: _p, ...rest } = m;
  return { ...rest, estado: 'error', motivo: UPLOAD_NEVER_CAME } as T;
}
