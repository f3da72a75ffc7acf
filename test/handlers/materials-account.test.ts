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

it("erases the learner's uploaded originals from S3 with the account, and lists file materials in the export", async () => {
  const { userId, email } = await learner('Lucía');
  const texto = 'Apuntes de química\n\nEl agua es una molécula polar.';
  const made = await invoke('POST /materials', { userId, body: { archivo: { nombre: 'quimica.txt', tipo: 'text/plain', bytes: Buffer.byteLength(texto) } } });
  const { materialId, subida } = made.body.data as { materialId: string; subida: { url: string; campos: Record<string, string> } };
  const form = new FormData();
  for (const [k, v] of Object.entries(subida.campos)) form.append(k, v);
  form.append('file', new Blob([texto], { type: 'text/plain' }), 'quimica.txt');
  expect((await fetch(subida.url, { method: 'POST', body: form })).status).toBe(204);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = (await invoke('GET /materials/{id}', { userId, params: { id: materialId } })).body.data.documentoUrl as string | undefined;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await fetch(link!)).status).toBe(200);
  const exported = await invoke('GET /users/me/export', { userId });
  expect(exported.body.data.datos.materiales).toEqual([expect.objectContaining({ materialId, origen: 'archivo', tipo: 'text/plain', estado: 'listo' })]);

  expect((await invoke('DELETE /users/me', { userId, body: { confirmacion: email } })).status).toBe(200);
  expect((await fetch(link!)).status).toBe(404);
});
