import { randomUUID } from 'node:crypto';
import { UUID_PATTERN, type MaterialRequest, type MaterialView } from '../contract';
import type { AiBudget, MaterialAllowance, PlanName } from '../plans';
import { AppError, badRequest, notFound } from '../shared/errors';
import { logger } from '../shared/logger';
import type { MaterialItem } from './material-items';
import type { MaterialStore } from './material-store';
import { INPUT_CHARS_PER_TOKEN } from '../shared/ai/model-budget';
import { embedAll, embeddingCostUsd, type Embed } from './embeddings';
import { pagesOf, splitPassages } from './passages';
import { withExpiredUpload } from './upload-expiry';

// "Mis materiales" (issue 24, docs/materials.md). Every refusal happens before anything is written;
// a material is addressed only under its owner's key, so another learner's id is simply not found.

export interface MaterialDeps {
  store: MaterialStore;
  /** The learner's plan and its `materiales` allowance (lambdas/plans). */
  allowance: (userId: string) => Promise<{ plan: PlanName } & MaterialAllowance>;
  now: () => Date;
  /** The passages' embedding model (embeddings.ts). */
  embed: Embed;
  /** Told what the embeddings cost (USD at list price) once they are made: the learner's month (lambdas/plans), drawn from the material's hold. */
  charge?: (userId: string, usd: number, reserva?: string) => Promise<void>;
  /** The learner's monthly model budget: a material's embeddings are held first; past it none is embedded (429, nothing written). */
  budget?: Pick<AiBudget, 'reserve' | 'settle'>;
}

export const MATERIAL_NOT_FOUND = 'No encontramos ese material.';
const PROCESSING_FAILED = 'No pudimos guardar este material. Bórralo y vuelve a intentarlo.';
const TITLE_FROM_TEXT = 60;

const fmt = (n: number) => n.toLocaleString('es-ES');

/** A path's {id}: anything but an id the server minted is not found, like another learner's. */
export function materialIdParam(raw: string | undefined): string {
  if (!raw || !UUID_PATTERN.test(raw)) throw notFound(MATERIAL_NOT_FOUND);
  return raw.toLowerCase();
}

export const view = ({ actualizadoEn: _at, ...m }: MaterialItem): MaterialView => m;

/** The first line of the text, shortened at a word: the title when the learner gave none. */
function titleOf(texto: string): string {
  const line = texto.split('\n').find((l) => l.trim())!.trim().replace(/\s+/g, ' ');
  if (line.length <= TITLE_FROM_TEXT) return line;
  const cut = line.slice(0, TITLE_FROM_TEXT).replace(/\s+\S*$/, '');
  return `${cut || line.slice(0, TITLE_FROM_TEXT)}…`;
}

/** POST /materials with pasted text: checked against the plan, stored, split into passages. */
export async function createTextMaterial(deps: MaterialDeps, userId: string, request: Pick<MaterialRequest, 'titulo'> & { texto: string }): Promise<MaterialView> {
  const { texto } = request;
  if (!/\p{L}/u.test(texto)) throw badRequest('El texto no tiene palabras que podamos estudiar.');
  const limits = await deps.allowance(userId);
  if (texto.length > limits.caracteres) {
    throw badRequest(`El texto tiene ${fmt(texto.length)} caracteres; tu plan ${limits.plan} admite hasta ${fmt(limits.caracteres)} por material.`);
  }
  const paginas = pagesOf(texto).length;
  if (paginas > limits.paginas) throw badRequest(`El texto tiene ${fmt(paginas)} páginas; tu plan ${limits.plan} admite hasta ${fmt(limits.paginas)} por material.`);
  const materialId = randomUUID();
  // The embeddings' cost is held first (a token per INPUT_CHARS_PER_TOKEN characters), settled once they are made.
  await deps.budget?.reserve(userId, limits.plan, materialId, embeddingCostUsd(texto.length / INPUT_CHARS_PER_TOKEN));
  try {
    return await createHeld(deps, userId, request, limits, materialId);
  } finally {
    await deps.budget?.settle(userId, materialId);
  }
}

async function createHeld(deps: MaterialDeps, userId: string, request: Pick<MaterialRequest, 'titulo'> & { texto: string }, limits: { plan: PlanName } & MaterialAllowance, materialId: string) {
  const { texto } = request;
  const paginas = pagesOf(texto).length;
  const passages = splitPassages(texto);
  const at = deps.now().toISOString();
  const item: MaterialItem = {
    materialId,
    titulo: request.titulo ?? titleOf(texto),
    origen: 'texto',
    estado: 'procesando',
    caracteres: texto.length,
    paginas,
    pasajes: 0,
    creadoEn: at,
    actualizadoEn: at,
  };
  await createCounted(deps, userId, item, limits);
  return view(await processText(deps, userId, item, passages));
}

/** Writes the material and counts it, or 409 when the learner already holds the plan's `maximo` (nothing written). */
export async function createCounted(deps: Pick<MaterialDeps, 'store'>, userId: string, item: MaterialItem, limits: { plan: PlanName; maximo: number }) {
  if (!(await deps.store.create(userId, item, limits.maximo))) {
    throw new AppError(
      409,
      `Ya tienes ${limits.maximo} materiales, el máximo de tu plan ${limits.plan}. Borra alguno para añadir otro` +
      (limits.plan === 'gratuito' ? ' o pásate a premium.' : '.'),
      'MaterialLimit',
    );
  }
}

/**
 * Embeds the passages, stores them and marks the material `listo`, or `error` with a reason the learner
 * can act on. Runs within the request for pasted text (at most MATERIAL_TEXT_MAX characters: ~70
 * embedding calls, 8 at a time, and a few BatchWriteItem calls); file extraction will run it as a job
 * (docs/materials.md "Not done yet").
 */
async function processText(deps: MaterialDeps, userId: string, item: MaterialItem, passages: ReturnType<typeof splitPassages>): Promise<MaterialItem> {
  try {
    const embedded = await embedAll(deps.embed, passages.map((p) => p.texto));
    await deps.charge?.(userId, embeddingCostUsd(embedded.reduce((sum, e) => sum + e.tokens, 0)), item.materialId);
    await deps.store.putPassages(userId, item.materialId, passages.map((p, i) => ({ ...p, vector: embedded[i].vector })));
    const done = { estado: 'listo' as const, pasajes: passages.length, actualizadoEn: deps.now().toISOString() };
    await deps.store.finish(userId, item.materialId, done);
    return { ...item, ...done };
  } catch (error) {
    logger.error('material processing failed', { error: error as Error, materialId: item.materialId });
    const failed = { estado: 'error' as const, motivo: PROCESSING_FAILED, pasajes: 0, actualizadoEn: deps.now().toISOString() };
    await deps.store.finish(userId, item.materialId, failed).catch(() => undefined);
    return { ...item, ...failed };
  }
}

export async function listMaterials(deps: Pick<MaterialDeps, 'store' | 'now'>, userId: string): Promise<MaterialView[]> {
  const items = await deps.store.list(userId);
  return items.sort((a, b) => b.creadoEn.localeCompare(a.creadoEn)).map((i) => withExpiredUpload(view(i), deps.now()));
}

export async function getMaterial(deps: Pick<MaterialDeps, 'store'>, userId: string, materialId: string): Promise<MaterialView> {
  const item = await deps.store.get(userId, materialId);
  if (!item) throw notFound(MATERIAL_NOT_FOUND);
  return view(item);
}

export async function deleteMaterial(deps: Pick<MaterialDeps, 'store'>, userId: string, materialId: string): Promise<void> {
  if (!(await deps.store.remove(userId, materialId))) throw notFound(MATERIAL_NOT_FOUND);
}
