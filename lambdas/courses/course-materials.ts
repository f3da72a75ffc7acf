import type { CourseMaterial } from '../contract';
import { conflict, notFound } from '../shared/errors';
import type { MaterialStore } from '../materials';

// POST /courses/plan `materiales` (issue 24): a course is built only from materials the caller owns
// and that are `listo`. Reads are addressed by the caller's partition, so another learner's id is
// simply not found (the same 404 as GET /materials/{id}); checked before anything is written.

export type MaterialReader = Pick<MaterialStore, 'get'>;

export const MATERIAL_NOT_FOUND = 'No encontramos ese material.';
const notReady = (titulo: string) => `El material «${titulo}» aún se está procesando. Espera a que esté listo para crear el curso.`;
const failed = (titulo: string) => `El material «${titulo}» no se pudo procesar. Bórralo y vuelve a añadirlo para crear un curso con él.`;

/** The materials with their titles, in the order asked; throws 404 / 409 in Spanish otherwise. */
export async function courseMaterials(reader: MaterialReader | undefined, userId: string, ids: string[]): Promise<CourseMaterial[]> {
  if (!reader) throw notFound(MATERIAL_NOT_FOUND);
  const items = await Promise.all(ids.map((id) => reader.get(userId, id)));
  // Every id is checked before any state is judged: an unknown one is a 404 whatever the others are.
  if (items.some((m) => !m)) throw notFound(MATERIAL_NOT_FOUND);
  for (const m of items) {
    if (m?.estado === 'procesando') throw conflict(notReady(m.titulo));
    if (m?.estado === 'error') throw conflict(failed(m.titulo));
  }
  return items.map((m) => ({ materialId: m!.materialId, titulo: m!.titulo }));
}
