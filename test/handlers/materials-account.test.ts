import { dynamoMaterialStore, EMBEDDING_DIMENSIONS } from '../../lambdas/materials';
import { tableBudget } from '../../lambdas/plans';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';

// Materials belong to the account (issue 24): the export carries them and their passages, deleting the
// account erases them with everything else in the learner's partition, and their embeddings are paid
// from the learner's monthly model budget.

const TEXTO = 'Historia de Roma\n\nLa República romana comenzó en el año 509 a. C.\fEl Imperio llegó con Augusto.';

it("exports the learner's materials with their passages, not the count that bounds them", async () => {
  const { userId } = await learner('Marta');
  const made = await invoke('POST /materials', { userId, body: { texto: TEXTO } });
  const res = await invoke('GET /users/me/export', { userId });
  expect(res.status).toBe(200);
  expect(res.body.data.datos.materiales).toEqual([expect.objectContaining({ materialId: made.body.data.materialId, estado: 'listo', titulo: 'Historia de Roma' })]);
  expect(res.body.data.datos.pasajesDeMateriales).toEqual([
    expect.objectContaining({ pagina: 1, texto: 'Historia de Roma\nLa República romana comenzó en el año 509 a. C.' }),
    expect.objectContaining({ pagina: 2, texto: 'El Imperio llegó con Augusto.' }),
  ]);
  // The embeddings are derived from the text: not the learner's data, and 256 numbers a passage.
  expect(res.body.data.datos.pasajesDeMateriales[0].vector).toBeUndefined();
  expect(res.body.data.datos.materialcount).toBeUndefined();
});

it('erases the materials and their passages with the account', async () => {
  const { userId, email } = await learner('Tomás');
  const { materialId } = (await invoke('POST /materials', { userId, body: { texto: TEXTO } })).body.data as { materialId: string };
  const store = dynamoMaterialStore(documentClient(), process.env.TABLE_NAME!);
  expect(await store.passages(userId, materialId)).toHaveLength(2);
  expect((await invoke('DELETE /users/me', { userId, body: { confirmacion: email } })).status).toBe(200);
  expect(await store.list(userId)).toEqual([]);
  expect(await store.passages(userId, materialId)).toEqual([]);
});

it("embeds every passage (Titan V2, 256 numbers, unit length) and adds the calls' cost to the learner's month", async () => {
  const { userId } = await learner('Elena');
  const budget = tableBudget(process.env.TABLE_NAME!);
  const before = (await budget.usage(userId, 'gratuito')).usadoUsd;
  const { materialId } = (await invoke('POST /materials', { userId, body: { texto: TEXTO } })).body.data as { materialId: string };
  const passages = await dynamoMaterialStore(documentClient(), process.env.TABLE_NAME!).passages(userId, materialId);
  expect(passages).toHaveLength(2);
  for (const p of passages) {
    expect(p.vector).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(Math.hypot(...p.vector!)).toBeCloseTo(1, 5);
  }
  expect((await budget.usage(userId, 'gratuito')).usadoUsd).toBeGreaterThan(before);
});
