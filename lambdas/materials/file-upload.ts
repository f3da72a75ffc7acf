import { randomUUID } from 'node:crypto';
import type { MaterialCreated, MaterialDetail, MaterialFile, MaterialRequest } from '../contract';
import { badRequest, notFound } from '../shared/errors';
import { PRESIGN_SECONDS, type MaterialFiles } from './material-files';
import type { MaterialItem } from './material-items';
import { withExpiredUpload } from './upload-expiry';
import { INPUT_CHARS_PER_TOKEN } from '../shared/ai/model-budget';
import { embeddingCostUsd } from './embeddings';
import { createCounted, MATERIAL_NOT_FOUND, view, type MaterialDeps } from './use-cases';

// POST /materials with a file (issue 24): the server never receives the bytes. It checks what the
// browser declares against the plan, writes the material `procesando`, and answers a presigned POST
// whose policy binds the key, the Content-Type and 1..plan bytes; S3 refuses any other upload, and
// the job (process-file.ts) checks the object itself again.

export type FileDeps = MaterialDeps & { files: MaterialFiles };

const fmt = (n: number) => n.toLocaleString('es-ES');
const mb = (bytes: number) => fmt(Math.floor(bytes / 1024 / 1024));

/** The file's name without its extension: the title when the learner gave none. */
const titleOfFile = (nombre: string) => (nombre.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[_\s]+/g, ' ').trim() || nombre).slice(0, 120);

export async function createFileMaterial(deps: FileDeps, userId: string, request: Pick<MaterialRequest, 'titulo'> & { archivo: MaterialFile }): Promise<MaterialCreated> {
  const { archivo } = request;
  const limits = await deps.allowance(userId);
  if (archivo.bytes > limits.bytes) {
    throw badRequest(`El archivo ocupa ${fmt(Math.ceil(archivo.bytes / 1024))} KB; tu plan ${limits.plan} admite hasta ${mb(limits.bytes)} MB por archivo.`);
  }
  const materialId = randomUUID();
  // The embeddings of as much text as the plan lets a file give are held now; the file's job settles
  // the hold when it ends (process-file.ts); a file never uploaded holds until the month's end.
  await deps.budget?.reserve(userId, limits.plan, materialId, embeddingCostUsd(limits.caracteres / INPUT_CHARS_PER_TOKEN));
  const at = deps.now();
  const item: MaterialItem = {
    materialId,
    titulo: request.titulo ?? titleOfFile(archivo.nombre),
    origen: 'archivo',
    estado: 'procesando',
    tipo: archivo.tipo,
    bytes: archivo.bytes,
    progreso: { hechas: 0, total: 0 },
    caracteres: 0,
    paginas: 0,
    pasajes: 0,
    creadoEn: at.toISOString(),
    actualizadoEn: at.toISOString(),
  };
  // The form is signed before anything is written: a signing failure leaves no material behind.
  try {
    const form = await deps.files.uploadForm(userId, item.materialId, archivo.tipo, limits.bytes);
    await createCounted(deps, userId, item, limits);
    return { ...view(item), subida: { url: form.url, campos: form.fields, expiraEn: new Date(at.getTime() + PRESIGN_SECONDS * 1000).toISOString() } };
  } catch (error) {
    await deps.budget?.settle(userId, materialId);
    throw error;
  }
}

/** GET /materials/{id}: a file material that is `listo` carries a short-lived link to its original. */
export async function getMaterialDetail(deps: Pick<FileDeps, 'store' | 'files' | 'now'>, userId: string, materialId: string): Promise<MaterialDetail> {
  const item = await deps.store.get(userId, materialId);
  if (!item) throw notFound(MATERIAL_NOT_FOUND);
  if (item.origen !== 'archivo' || item.estado !== 'listo' || !item.tipo) return withExpiredUpload(view(item), deps.now());
  return { ...view(item), documentoUrl: await deps.files.documentUrl(userId, materialId, item.tipo) };
}

/** DELETE /materials/{id}: the original first (idempotent), then the passages and the material. */
export async function deleteMaterialAndFile(deps: Pick<FileDeps, 'store' | 'files'>, userId: string, materialId: string): Promise<void> {
  const item = await deps.store.get(userId, materialId);
  if (!item) throw notFound(MATERIAL_NOT_FOUND);
  if (item.origen === 'archivo') await deps.files.remove(userId, materialId);
  if (!(await deps.store.remove(userId, materialId))) throw notFound(MATERIAL_NOT_FOUND);
}
