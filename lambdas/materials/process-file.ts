import type { MaterialAllowance, PlanName } from '../plans';
import { logger } from '../shared/logger';
import { embedAll, embeddingCostUsd, type Embed } from './embeddings';
import { extractPages, ExtractionRefused, REASONS } from './extract';
import type { MaterialFiles } from './material-files';
import type { MaterialStore } from './material-store';
import { splitPassages } from './passages';

// The job that turns an uploaded file into passages (issue 24): S3's ObjectCreated event invokes it
// (infra/aws/materials-bucket.ts; locally the S3 stand-in does). It ends the material `listo` or
// `error` with a reason, never between: a failed run deletes what it wrote. S3 may deliver an event
// twice, so a run first claims the material (a conditional write); a run that died frees it once
// its lease (the function's timeout) is past, so S3's retry of a crashed run can finish the work.

export interface ProcessDeps {
  store: MaterialStore;
  files: MaterialFiles;
  allowance: (userId: string) => Promise<{ plan: PlanName } & MaterialAllowance>;
  embed: Embed;
  charge?: (userId: string, usd: number, reserva?: string) => Promise<void>;
  /** Ends the hold the upload route took on the learner's AI budget (under the material id), whatever the end. */
  settle?: (userId: string, reserva: string) => Promise<void>;
  now: () => Date;
  /** How long a claim holds: the processor's timeout (infra/function-limits.ts). */
  leaseSeconds: number;
}

const KEY = /^materials\/([^/]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Progress is written about this many times per file, not once per page. */
const PROGRESS_STEPS = 10;
/** Time kept in hand to write the error state when the function's end nears. */
const RESERVE_MS = 15_000;
export const PROCESSING_FAILED = 'No pudimos procesar este archivo. Bórralo y vuelve a subirlo en unos minutos.';
const TOO_SLOW = 'Este archivo tardó demasiado en procesarse. Divídelo en partes más pequeñas y súbelas por separado.';
const NOT_RECEIVED = 'No recibimos el archivo. Bórralo y vuelve a subirlo.';

/** What a file's job does with one object key; `remainingMs` is the invocation's time left. */
export async function processUpload(deps: ProcessDeps, key: string, remainingMs: () => number = () => Infinity): Promise<void> {
  const match = KEY.exec(key);
  if (!match) return logger.warn('object outside the materials layout', { key });
  const [, userId, materialId] = match;
  const item = await deps.store.get(userId, materialId);
  // The material was deleted (or never made): the object is an orphan and goes too.
  if (!item) return deps.files.remove(userId, materialId);
  if (item.origen !== 'archivo' || !item.tipo) return;
  // The form stays valid 5 minutes: a second POST after the job ended (listo or error) is discarded,
  // and the document link keeps serving the copy the passages came from (issue 31).
  if (item.estado !== 'procesando') return deps.files.discardUpload(userId, materialId);
  const now = deps.now();
  if (!(await deps.store.claim(userId, materialId, now.toISOString(), new Date(now.getTime() - deps.leaseSeconds * 1000).toISOString()))) {
    return logger.info('material already being processed', { materialId });
  }
  // Nothing half written: the passages go, and the original too (a material in error is never read again).
  const fail = async (motivo: string) => {
    await deps.store.dropPassages(userId, materialId);
    await deps.files.remove(userId, materialId);
    await deps.store.finish(userId, materialId, { estado: 'error', motivo, pasajes: 0, actualizadoEn: deps.now().toISOString() });
  };
  try {
    const limits = await deps.allowance(userId);
    const object = await deps.files.read(key, limits.bytes);
    if (!object) return await fail(NOT_RECEIVED);
    if (object.tooLarge) return await fail(REASONS.tooLarge(object.tooLarge, limits.plan, limits.bytes));
    // The policy fixed the Content-Type; a different one means the object did not come through our form.
    if (object.contentType !== item.tipo) return await fail(REASONS.notWhatItSays(item.tipo));
    const pages = await extractPages(object.bytes, item.tipo, limits);
    const passages = splitPassages(pages.join('\f'));
    const total = pages.length;
    const step = Math.max(1, Math.ceil(passages.length / PROGRESS_STEPS));
    for (let from = 0; from < passages.length; from += step) {
      if (remainingMs() < RESERVE_MS) throw new ExtractionRefused(TOO_SLOW);
      const chunk = passages.slice(from, from + step);
      const embedded = await embedAll(deps.embed, chunk.map((p) => p.texto));
      await deps.charge?.(userId, embeddingCostUsd(embedded.reduce((sum, e) => sum + e.tokens, 0)), materialId);
      await deps.store.putPassages(userId, materialId, chunk.map((p, i) => ({ ...p, vector: embedded[i].vector })), from);
      const hechas = from + step >= passages.length ? total : chunk[chunk.length - 1].pagina;
      await deps.store.progress(userId, materialId, { hechas, total });
    }
    const caracteres = pages.reduce((n, p) => n + p.length, 0);
    // The bytes the passages came from, where no form can write; then listo; then the upload goes. A POST
    // landing before `listo` finds this run's claim and is deleted here; one after finds `listo` and is discarded.
    await deps.files.keep(userId, materialId, object.bytes, item.tipo);
    await deps.store.finish(userId, materialId, { estado: 'listo', pasajes: passages.length, caracteres, paginas: total, actualizadoEn: deps.now().toISOString() });
    await deps.files.discardUpload(userId, materialId).catch((error: unknown) => logger.warn('upload left after processing', { error: error as Error, materialId }));
  } catch (error) {
    if (!(error instanceof ExtractionRefused)) logger.error('material file processing failed', { error: error as Error, materialId });
    await fail(error instanceof ExtractionRefused ? error.motivo : PROCESSING_FAILED);
  } finally {
    await deps.settle?.(userId, materialId);
  }
}
