import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { baseUrl, call, signUp } from '../support/api';

// A PDF uploaded the way the browser does it (issue 24), on the local stack: POST /materials, the
// presigned form posted to the S3 stand-in from the SPA's origin, the processor started by S3's
// event, the material listo with its pages; another learner never reaches it; a scan ends in error
// with its reason; deleting the account erases the original from the bucket.

const stackEnv = () => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}') as Record<string, string>;

async function pdf(pages: string[]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage().drawText(text, { x: 50, y: 700, font, size: 12 });
  return doc.save();
}

async function scan() {
  const doc = await PDFDocument.create();
  doc.addPage().drawRectangle({ x: 40, y: 40, width: 500, height: 700, color: rgb(0.8, 0.8, 0.8) });
  return doc.save();
}

async function uploadFile(token: string, nombre: string, bytes: Uint8Array) {
  const made = await call('POST', '/materials', { token, body: { archivo: { nombre, tipo: 'application/pdf', bytes: bytes.length } } });
  expect(made.status).toBe(201);
  const { materialId, subida } = made.body.data as { materialId: string; subida: { url: string; campos: Record<string, string> } };
  const form = new FormData();
  for (const [k, v] of Object.entries(subida.campos)) form.append(k, v);
  form.append('file', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), nombre);
  const origin = new URL(baseUrl()).origin;
  const res = await fetch(subida.url, { method: 'POST', body: form, headers: { origin } });
  expect(res.status).toBe(204);
  expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  return materialId;
}

async function settled(token: string, id: string) {
  const seen: { hechas: number; total: number }[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', `/materials/${id}`, { token });
    if (res.body.data.progreso) seen.push(res.body.data.progreso as { hechas: number; total: number });
    if (res.body.data.estado !== 'procesando') return { ...res, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('still procesando');
}

it("processes an uploaded PDF to listo with its pages; another learner gets 404; a scan ends in error; the account's deletion erases the original", async () => {
  const [ana, beto] = await Promise.all([signUp('Ana'), signUp('Beto')]);
  const token = ana.tokens.accessToken;
  const materialId = await uploadFile(token, 'fotosintesis.pdf', await pdf([
    'La fotosintesis convierte la luz en energia quimica.',
    'La fase luminosa ocurre en los tilacoides.',
    'El ciclo de Calvin fija el dioxido de carbono.',
  ]));
  const done = await settled(token, materialId);
  expect(done.body.data).toMatchObject({ materialId, titulo: 'fotosintesis', origen: 'archivo', estado: 'listo', paginas: 3, pasajes: 3 });

  const exported = await call('GET', '/users/me/export', { token });
  const pages = (exported.body.data.datos.pasajesDeMateriales as { pagina: number; texto: string }[]).map((p) => [p.pagina, p.texto]);
  expect(pages).toEqual([[1, expect.stringContaining('luz en energia')], [2, expect.stringContaining('tilacoides')], [3, expect.stringContaining('ciclo de Calvin')]]);

  const original = await fetch(done.body.data.documentoUrl as string);
  expect(original.status).toBe(200);
  expect(original.headers.get('content-type')).toBe('application/pdf');
  expect((await original.arrayBuffer()).byteLength).toBeGreaterThan(0);

  expect(await call('GET', `/materials/${materialId}`, { token: beto.tokens.accessToken })).toEqual({ status: 404, body: { success: false, message: 'No encontramos ese material.' } });
  expect((await call('DELETE', `/materials/${materialId}`, { token: beto.tokens.accessToken })).status).toBe(404);

  const scanned = await settled(token, await uploadFile(token, 'escaneo.pdf', await scan()));
  expect(scanned.body.data).toMatchObject({ estado: 'error', pasajes: 0, motivo: expect.stringMatching(/^Este PDF no tiene texto seleccionable/) });

  const env = stackEnv();
  const s3 = new S3Client({ region: LOCAL_REGION, endpoint: env.AWS_ENDPOINT_URL_S3, credentials: localCredentials });
  const keys = async () => ((await s3.send(new ListObjectsV2Command({ Bucket: env.MATERIALS_BUCKET, Prefix: `materials/${ana.user.id}/` }))).Contents ?? []).map((o) => o.Key);
  // The scan's original went with its failed job; the listo PDF's stays, as the job's copy (documentKey,
  // issue 31: its upload is gone), until the account goes.
  expect(await keys()).toEqual([`materials/${ana.user.id}/${materialId}/documento`]);
  expect((await call('DELETE', '/users/me', { token, body: { confirmacion: ana.email } })).status).toBe(200);
  expect(await keys()).toEqual([]);
  expect((await fetch(done.body.data.documentoUrl as string)).status).toBe(404);
});
