import { randomUUID } from 'node:crypto';
import { PLANS } from '../../lambdas/plans';
import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';

// "Mis materiales" (issue 24, docs/materials.md). The attacker first: another learner's material is
// not found, and every refused request leaves the learner's list as it was.

const NOT_FOUND = { status: 404, body: { success: false, message: 'No encontramos ese material.' } };
const APUNTES = 'La fotosíntesis\n\nLas plantas convierten la luz en energía química.\fEn la fase oscura se fija el dióxido de carbono.';

async function created(userId: string, body: Record<string, unknown> = { texto: APUNTES }) {
  const res = await invoke('POST /materials', { userId, body });
  if (res.status !== 201) throw new Error(`POST /materials answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as { materialId: string };
}
const listed = async (userId: string) => (await invoke('GET /materials', { userId })).body.data as { materialId: string }[];

export const cases: GroupCases = {
  'POST /materials': {
    badBody: { body: { texto: '   ' }, message: 'El texto es obligatorio' },
    success: [
      'stores pasted text as a material split into passages that keep their page, listo at once',
      async () => {
        const userId = randomUUID();
        const res = await invoke('POST /materials', { userId, body: { texto: APUNTES } });
        expect(res).toMatchObject({
          status: 201,
          body: { success: true, data: { titulo: 'La fotosíntesis', origen: 'texto', estado: 'listo', paginas: 2, pasajes: 2, caracteres: APUNTES.length } },
        });
        expect(res.body.data.motivo).toBeUndefined();
      },
    ],
  },
  'GET /materials': {
    success: [
      "lists the learner's own materials and no one else's",
      async () => {
        const [ana, beto] = [randomUUID(), randomUUID()];
        const first = await created(ana, { titulo: 'Tema 1', texto: 'Primer tema de biología.' });
        const second = await created(ana, { titulo: 'Tema 2', texto: 'Segundo tema de biología.' });
        await created(beto);
        const res = await invoke('GET /materials', { userId: ana });
        expect(res.status).toBe(200);
        // Newest first by creadoEn; two made in the same millisecond may come either way, so the set is what is checked.
        expect(res.body.data.map((m: { materialId: string }) => m.materialId).sort()).toEqual([second.materialId, first.materialId].sort());
      },
    ],
  },
  'GET /materials/{id}': {
    success: [
      'answers the material with its estado to its owner',
      async () => {
        const userId = randomUUID();
        const { materialId } = await created(userId, { titulo: 'Apuntes', texto: APUNTES });
        const res = await invoke('GET /materials/{id}', { userId, params: { id: materialId } });
        expect(res).toMatchObject({ status: 200, body: { data: { materialId, titulo: 'Apuntes', estado: 'listo', paginas: 2 } } });
      },
    ],
  },
  'DELETE /materials/{id}': {
    success: [
      'deletes the material: it is no longer found nor listed',
      async () => {
        const userId = randomUUID();
        const { materialId } = await created(userId);
        const res = await invoke('DELETE /materials/{id}', { userId, params: { id: materialId } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Material eliminado.' } });
        expect(await invoke('GET /materials/{id}', { userId, params: { id: materialId } })).toMatchObject(NOT_FOUND);
        expect(await listed(userId)).toEqual([]);
      },
    ],
  },
};

/** Refusals beyond the bad body of describeRoutes: each is a Spanish 4xx and writes nothing. */
export const refusals: [string, () => Promise<void>][] = [
  [
    "another learner's material is not found, to read or to delete, and stays with its owner",
    async () => {
      const [owner, other] = [randomUUID(), randomUUID()];
      const { materialId } = await created(owner);
      expect(await invoke('GET /materials/{id}', { userId: other, params: { id: materialId } })).toMatchObject(NOT_FOUND);
      expect(await invoke('DELETE /materials/{id}', { userId: other, params: { id: materialId } })).toMatchObject(NOT_FOUND);
      expect(await invoke('GET /materials/{id}', { userId: owner, params: { id: materialId } })).toMatchObject({ status: 200, body: { data: { estado: 'listo' } } });
    },
  ],
  [
    'an id the server did not mint is not found',
    async () => {
      const userId = randomUUID();
      expect(await invoke('GET /materials/{id}', { userId, params: { id: 'MATERIAL#x' } })).toMatchObject(NOT_FOUND);
      expect(await invoke('DELETE /materials/{id}', { userId, params: { id: '../otro' } })).toMatchObject(NOT_FOUND);
    },
  ],
  [
    "text over the free plan's characters is refused in Spanish, nothing written",
    async () => {
      const userId = randomUUID();
      const texto = 'palabra '.repeat(Math.ceil(PLANS.gratuito.materiales.caracteres / 8) + 1).trim();
      const res = await invoke('POST /materials', { userId, body: { texto } });
      expect(res).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/^El texto tiene .+ caracteres; tu plan gratuito admite hasta 20\.000 por material\.$/) } });
      expect(await listed(userId)).toEqual([]);
    },
  ],
  [
    'text over what any request may carry is refused before the plan is read',
    async () => {
      const res = await invoke('POST /materials', { userId: randomUUID(), body: { texto: 'a'.repeat(50_001) } });
      expect(res).toMatchObject({ status: 400, body: { success: false, message: 'El texto no puede superar 50000 caracteres' } });
    },
  ],
  [
    'text without a single word, a field the route does not know, or a title too long is refused, nothing written',
    async () => {
      const userId = randomUUID();
      expect(await invoke('POST /materials', { userId, body: { texto: '1234 ... ---' } })).toMatchObject({ status: 400, body: { message: 'El texto no tiene palabras que podamos estudiar.' } });
      expect((await invoke('POST /materials', { userId, body: { texto: 'Hola', url: 'http://169.254.169.254/' } })).status).toBe(400);
      expect(await invoke('POST /materials', { userId, body: { texto: 'Hola', titulo: 't'.repeat(121) } })).toMatchObject({ status: 400, body: { message: 'El título no puede superar 120 caracteres' } });
      expect(await listed(userId)).toEqual([]);
    },
  ],
  [
    "more materials than the plan's maximum are refused (409) until one is deleted",
    async () => {
      const userId = randomUUID();
      const most = PLANS.gratuito.materiales.maximo;
      const made = await Promise.all(Array.from({ length: most }, (_, i) => created(userId, { texto: `Material número ${i + 1}.` })));
      const refused = await invoke('POST /materials', { userId, body: { texto: 'Uno más.' } });
      expect(refused).toMatchObject({ status: 409, body: { success: false, message: `Ya tienes ${most} materiales, el máximo de tu plan gratuito. Borra alguno para añadir otro o pásate a premium.` } });
      expect(await listed(userId)).toHaveLength(most);
      await invoke('DELETE /materials/{id}', { userId, params: { id: made[0].materialId } });
      expect((await invoke('POST /materials', { userId, body: { texto: 'Ahora sí cabe.' } })).status).toBe(201);
    },
  ],
];
