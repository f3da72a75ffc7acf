import type { MaterialFileType, MaterialState } from '../contract';
import { userPk } from '../shared/table';

// A learner's materials live in their own partition (USER#<sub>), so every read is addressed by the
// owner's key (another learner's id finds nothing: 404), and the account's export and deletion
// (lambdas/users, one Query of the partition) carry them without knowing them:
// - (USER#<sub>, MATERIAL#<id>): the material: title, state, sizes;
// - (USER#<sub>, PASSAGE#<id>#<nnnn>): its passages in order, each with its page; a Query on the
//   material's prefix reads them all (bounded: docs/materials.md "Bounds");
// - (USER#<sub>, MATERIALCOUNT): how many materials the learner holds, kept by the same transaction
//   that writes or deletes a material, so the plan's `maximo` holds under concurrent requests.

export interface MaterialItem {
  materialId: string;
  titulo: string;
  origen: 'texto' | 'archivo';
  estado: MaterialState;
  /** A file's Content-Type and declared size (POST /materials); the job checks the object itself. */
  tipo?: MaterialFileType;
  bytes?: number;
  /** Pages extracted and embedded so far, while a file's job runs (a few writes, not one per page). */
  progreso?: { hechas: number; total: number };
  motivo?: string;
  caracteres: number;
  paginas: number;
  pasajes: number;
  creadoEn: string;
  actualizadoEn: string;
}

export interface Passage {
  /** 1-based page of the document the passage comes from (pasted text: 1, or split by form feeds). */
  pagina: number;
  texto: string;
}

export interface PassageItem extends Passage {
  materialId: string;
  /** 0-based position in the material. */
  orden: number;
  /** Titan V2 embedding (embeddings.ts): 256 numbers, unit length. */
  vector?: number[];
}

export const MATERIAL_PREFIX = 'MATERIAL#';
export const materialKey = (userId: string, materialId: string) => ({ pk: userPk(userId), sk: `${MATERIAL_PREFIX}${materialId}` });
export const passagePrefix = (materialId: string) => `PASSAGE#${materialId}#`;
export const passageKey = (userId: string, materialId: string, orden: number) => ({
  pk: userPk(userId),
  sk: `${passagePrefix(materialId)}${String(orden).padStart(4, '0')}`,
});
/** Where a file material's upload lands in the bucket: the owner's prefix, then the material (the form's one key). */
export const objectKey = (userId: string, materialId: string) => `materials/${userId}/${materialId}`;
/**
 * The copy of the exact bytes the passages came from, written by the job (issue 31): the upload form stays
 * valid 5 minutes and a second POST would replace the upload, so the document link serves this key, which no
 * form can name (the policy binds `$key` to objectKey).
 */
export const documentKey = (userId: string, materialId: string) => `${objectKey(userId, materialId)}/documento`;
export const countKey = (userId: string) => ({ pk: userPk(userId), sk: 'MATERIALCOUNT' });
