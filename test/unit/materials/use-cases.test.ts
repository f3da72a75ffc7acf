import { AppError } from '../../../lambdas/shared/errors';
import type { MaterialItem } from '../../../lambdas/materials/material-items';
import type { MaterialStore } from '../../../lambdas/materials/material-store';
import { createTextMaterial, type MaterialDeps } from '../../../lambdas/materials/use-cases';

// What the handlers tests cannot provoke on the local stack: a failing embedding model, and a month
// whose model budget is spent.

function memoryStore() {
  const materials = new Map<string, MaterialItem>();
  const passages = new Map<string, unknown[]>();
  const store: MaterialStore = {
    create: (_u, item) => {
      materials.set(item.materialId, { ...item });
      return Promise.resolve(true);
    },
    putPassages: (_u, id, list) => Promise.resolve(void passages.set(id, list)),
    finish: (_u, id, change) => Promise.resolve(void materials.set(id, { ...materials.get(id)!, ...change })),
    get: (_u, id) => Promise.resolve(materials.get(id)),
    list: () => Promise.resolve([...materials.values()]),
    passages: () => Promise.resolve([]),
    remove: () => Promise.resolve(true),
    dropPassages: (_u, id) => Promise.resolve(void passages.delete(id)),
    claim: () => Promise.resolve(true),
    progress: () => Promise.resolve(),
  };
  return { store, materials, passages };
}

const deps = (over: Partial<MaterialDeps> & Pick<MaterialDeps, 'store'>): MaterialDeps => ({
  allowance: () => Promise.resolve({ plan: 'gratuito', maximo: 5, caracteres: 20_000, bytes: 1, paginas: 50 }),
  now: () => new Date('2026-11-25T10:00:00Z'),
  embed: () => Promise.resolve({ vector: [1], tokens: 1 }),
  ...over,
});

it('marks the material error, with a Spanish reason, when the embedding model fails; no passage is stored', async () => {
  const { store, materials, passages } = memoryStore();
  const made = await createTextMaterial(deps({ store, embed: () => Promise.reject(new Error('ThrottlingException')) }), 'ana', { texto: 'La célula es la unidad de la vida.' });
  expect(made).toMatchObject({ estado: 'error', motivo: 'No pudimos guardar este material. Bórralo y vuelve a intentarlo.', pasajes: 0 });
  expect(materials.get(made.materialId)?.estado).toBe('error');
  expect(passages.size).toBe(0);
});

it("refuses a learner whose month's model budget is spent before anything is written", async () => {
  const { store, materials } = memoryStore();
  const budget = { reserve: () => Promise.reject(new AppError(429, 'Has usado el presupuesto de IA de este mes.')), settle: () => Promise.resolve() };
  await expect(createTextMaterial(deps({ store, budget }), 'ana', { texto: 'Hola mundo' })).rejects.toMatchObject({ status: 429 });
  expect(materials.size).toBe(0);
});

it('charges the embeddings to the learner once the passages are embedded', async () => {
  const { store } = memoryStore();
  const charges: number[] = [];
  await createTextMaterial(deps({ store, embed: () => Promise.resolve({ vector: [1], tokens: 500 }), charge: (_u, usd) => Promise.resolve(void charges.push(usd)) }), 'ana', { texto: 'Hola mundo' });
  expect(charges).toEqual([0.00001]);
});
