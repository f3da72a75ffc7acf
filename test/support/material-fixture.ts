import { randomUUID } from 'node:crypto';
import { bedrockEmbed, dynamoMaterialStore } from '../../lambdas/materials';
import { splitPassages } from '../../lambdas/materials/passages';
import { documentClient } from '../../lambdas/shared/clients';

// A learner's material as processing leaves it (issue 24): the material item, its passages with the
// local Bedrock's embeddings, `listo`. Written through the materials' own store, splitter and
// embedding client, without the route, so grounded-course tests do not depend on the upload's wiring.

export const materialStore = () => dynamoMaterialStore(documentClient(), process.env.TABLE_NAME!);

/** A `listo` material of `userId` made of `texto` (pages split by form feeds); answers its id. */
export async function readyMaterial(userId: string, texto: string, titulo = texto.split('\n')[0].slice(0, 120)) {
  const materialId = randomUUID();
  const now = new Date().toISOString();
  const passages = splitPassages(texto);
  const store = materialStore();
  const base = { materialId, titulo, origen: 'texto' as const, caracteres: texto.length, paginas: texto.split('\f').length, creadoEn: now, actualizadoEn: now };
  if (!(await store.create(userId, { ...base, estado: 'procesando', pasajes: 0 }, 50))) throw new Error('material limit');
  const vectors = await Promise.all(passages.map((p) => bedrockEmbed(p.texto)));
  await store.putPassages(userId, materialId, passages.map((p, i) => ({ ...p, vector: vectors[i].vector })));
  await store.finish(userId, materialId, { estado: 'listo', pasajes: passages.length, actualizadoEn: now });
  return materialId;
}

/** A material left in `estado` (still processing, or failed), with no passages. */
export async function materialIn(userId: string, estado: 'procesando' | 'error', titulo = 'Apuntes de clase') {
  const materialId = randomUUID();
  const now = new Date().toISOString();
  await materialStore().create(userId, { materialId, titulo, origen: 'texto', estado, caracteres: 10, paginas: 1, pasajes: 0, creadoEn: now, actualizadoEn: now }, 50);
  return materialId;
}
