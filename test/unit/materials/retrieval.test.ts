import { localEmbedding } from '../../../infra/local/bedrock-embeddings';
import { nearestPassages } from '../../../lambdas/materials/retrieval';
import { splitPassages } from '../../../lambdas/materials/passages';
import type { PassageItem } from '../../../lambdas/materials/material-items';

// Retrieval over a learner's own passages, with the local Bedrock's deterministic embeddings.

const embed = (text: string) => Promise.resolve({ vector: localEmbedding(text), tokens: 1 });
const APUNTES = [
  'La célula es la unidad básica de la vida. Todas las células proceden de otras células.',
  'La mitosis divide una célula en dos células hijas con el mismo material genético.',
  'El Imperio romano comenzó con Augusto en el año 27 a. C.',
  'La fotosíntesis transforma la luz en energía química dentro de los cloroplastos.',
].join('\f');

function storeOf(owner: string, materials: Record<string, string>) {
  const passages = (userId: string, materialId: string): Promise<PassageItem[]> =>
    Promise.resolve(
      userId === owner && materials[materialId]
        ? splitPassages(materials[materialId]).map((p, orden) => ({ ...p, materialId, orden, vector: localEmbedding(p.texto) }))
        : [],
    );
  return { passages };
}

it('answers the passages closest to the question first, with their page', async () => {
  const store = storeOf('ana', { m1: APUNTES });
  const found = await nearestPassages({ store, embed }, 'ana', ['m1'], '¿Cómo se dividen las células en la mitosis?', 2);
  expect(found.map((p) => p.pagina)).toEqual([2, 1]);
  expect(found[0].score).toBeGreaterThan(found[1].score);
});

it("finds nothing in another learner's materials", async () => {
  const store = storeOf('ana', { m1: APUNTES });
  expect(await nearestPassages({ store, embed }, 'beto', ['m1'], 'células')).toEqual([]);
});
