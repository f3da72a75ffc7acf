import { randomUUID } from 'node:crypto';
import { PLANS } from '../../lambdas/plans';
import { installClock, systemClock } from '../../lambdas/shared/clock';
import { invoke } from '../support/invoke';

// Uploaded files (issue 24) called in process; the form is posted to the stack's S3 stand-in, whose
// upload event runs the processor in the stack. The attacker first: every refusal is a Spanish 4xx
// and leaves the learner's list as it was.

const PDF = 'application/pdf';
const listed = async (userId: string) => (await invoke('GET /materials', { userId })).body.data as { materialId: string }[];
const file = (over: Record<string, unknown> = {}) => ({ archivo: { nombre: 'Tema 3 - La célula.txt', tipo: 'text/plain', bytes: 120, ...over } });

async function upload(url: string, campos: Record<string, string>, body: Blob) {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) form.append(k, v);
  form.append('file', body, 'archivo');
  return fetch(url, { method: 'POST', body: form });
}

async function untilDone(userId: string, id: string) {
  for (let i = 0; i < 100; i++) {
    const res = await invoke('GET /materials/{id}', { userId, params: { id } });
    if (res.body.data.estado !== 'procesando') return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('still procesando');
}

describe('refusals', () => {
  it('refuses a type the platform does not read, a URL, text and a file at once, 0 bytes and a file over the plan: Spanish 400, nothing written', async () => {
    const userId = randomUUID();
    expect(await invoke('POST /materials', { userId, body: file({ tipo: 'image/png', nombre: 'foto.png' }) })).toMatchObject({
      status: 400, body: { message: 'Ese tipo de archivo no se admite: sube un PDF, un .txt, un .md o un .docx.' },
    });
    expect((await invoke('POST /materials', { userId, body: { archivo: { ...file().archivo, url: 'http://169.254.169.254/' } } })).status).toBe(400);
    expect(await invoke('POST /materials', { userId, body: { texto: 'Hola', ...file() } })).toMatchObject({ status: 400, body: { message: 'Envía un texto o un archivo, no los dos.' } });
    expect(await invoke('POST /materials', { userId, body: file({ bytes: 0 }) })).toMatchObject({ status: 400, body: { message: 'El archivo está vacío.' } });
    const tooBig = PLANS.gratuito.materiales.bytes + 1;
    expect(await invoke('POST /materials', { userId, body: file({ tipo: PDF, nombre: 'libro.pdf', bytes: tooBig }) })).toMatchObject({
      status: 400, body: { message: 'El archivo ocupa 5121 KB; tu plan gratuito admite hasta 5 MB por archivo.' },
    });
    expect(await listed(userId)).toEqual([]);
  });

  it('refuses a file past the plan\'s count (409) and another learner\'s file (404 to read and to delete)', async () => {
    const [ana, beto] = [randomUUID(), randomUUID()];
    const made: string[] = [];
    for (let i = 0; i < PLANS.gratuito.materiales.maximo; i++) made.push((await invoke('POST /materials', { userId: ana, body: file() })).body.data.materialId);
    expect(await invoke('POST /materials', { userId: ana, body: file() })).toMatchObject({ status: 409, body: { message: expect.stringContaining('Ya tienes 5 materiales') } });
    expect(await invoke('GET /materials/{id}', { userId: beto, params: { id: made[0] } })).toMatchObject({ status: 404, body: { message: 'No encontramos ese material.' } });
    expect((await invoke('DELETE /materials/{id}', { userId: beto, params: { id: made[0] } })).status).toBe(404);
    expect(await listed(ana)).toHaveLength(5);
  });

  it("the form does not let the browser upload more than the plan, another type, or under another learner's key", async () => {
    const userId = randomUUID();
    const { subida } = (await invoke('POST /materials', { userId, body: file({ bytes: 10 }) })).body.data as { subida: { url: string; campos: Record<string, string> } };
    expect((await upload(subida.url, subida.campos, new Blob(['x'.repeat(PLANS.gratuito.materiales.bytes + 1)], { type: 'text/plain' }))).status).toBe(400);
    expect((await upload(subida.url, { ...subida.campos, 'Content-Type': PDF }, new Blob(['%PDF-1.7']))).status).toBe(403);
    expect((await upload(subida.url, { ...subida.campos, key: `materials/${randomUUID()}/${randomUUID()}` }, new Blob(['hola']))).status).toBe(403);
  });
});

it('answers a file material procesando with its upload form; the uploaded file is processed to listo with its pages and a document link', async () => {
  const userId = randomUUID();
  const texto = 'La célula\n\nLa célula es la unidad básica de la vida.\fEl núcleo guarda el ADN.';
  const res = await invoke('POST /materials', { userId, body: file({ bytes: Buffer.byteLength(texto) }) });
  expect(res).toMatchObject({
    status: 201,
    body: { data: { titulo: 'Tema 3 - La célula', origen: 'archivo', estado: 'procesando', tipo: 'text/plain', bytes: Buffer.byteLength(texto), progreso: { hechas: 0, total: 0 } } },
  });
  const { materialId, subida } = res.body.data as { materialId: string; subida: { url: string; campos: Record<string, string>; expiraEn: string } };
  expect(subida.campos).toMatchObject({ key: `materials/${userId}/${materialId}`, 'Content-Type': 'text/plain' });
  expect((await upload(subida.url, subida.campos, new Blob([texto], { type: 'text/plain' }))).status).toBe(204);
  const done = await untilDone(userId, materialId);
  expect(done.body.data).toMatchObject({ estado: 'listo', paginas: 2, pasajes: 2, caracteres: texto.length - 1 });
  expect(done.body.data.progreso).toBeUndefined();
  const link = await fetch(done.body.data.documentoUrl as string);
  expect(link.status).toBe(200);
  expect(link.headers.get('content-disposition')).toBe('inline');
  expect(await link.text()).toBe(texto);

  expect((await invoke('DELETE /materials/{id}', { userId, params: { id: materialId } })).status).toBe(200);
  expect((await fetch(done.body.data.documentoUrl as string)).status).toBe(404);
});

it('marks a file that is not what its type said error, with a reason the learner can act on', async () => {
  const userId = randomUUID();
  const { materialId, subida } = (await invoke('POST /materials', { userId, body: file({ bytes: 20 }) })).body.data as { materialId: string; subida: { url: string; campos: Record<string, string> } };
  expect((await upload(subida.url, subida.campos, new Blob(['%PDF-1.7 binario'], { type: 'text/plain' }))).status).toBe(204);
  const done = await untilDone(userId, materialId);
  expect(done.body.data).toMatchObject({ estado: 'error', pasajes: 0, motivo: expect.stringMatching(/^El archivo no es un archivo de texto/) });
});

it('reads a file whose upload never came as error once its form and the longest job are past; nothing is written', async () => {
  const userId = randomUUID();
  const { materialId, creadoEn } = (await invoke('POST /materials', { userId, body: file() })).body.data as { materialId: string; creadoEn: string };
  const later = new Date(Date.parse(creadoEn) + 16 * 60_000);
  installClock({ now: () => later });
  try {
    const expected = { estado: 'error', motivo: 'No recibimos el archivo a tiempo. Bórralo y vuelve a subirlo.' };
    expect((await invoke('GET /materials/{id}', { userId, params: { id: materialId } })).body.data).toMatchObject(expected);
    expect((await invoke('GET /materials', { userId })).body.data).toEqual([expect.objectContaining(expected)]);
  } finally {
    installClock(systemClock);
  }
  expect((await invoke('GET /materials/{id}', { userId, params: { id: materialId } })).body.data).toMatchObject({ estado: 'procesando' });
  expect((await invoke('DELETE /materials/{id}', { userId, params: { id: materialId } })).status).toBe(200);
});
