import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import { baseUrl, call, signUp } from '../support/api';
import { hugePagesPdf } from '../../support/document-bombs';

// Issue 31, item 7: an upload link works once. The presigned POST stays valid five minutes and S3
// accepts every POST its policy allows, so a learner (or whoever got the form) can post a second file
// under the same key, after the first was processed or while it is. Whatever the timing, the
// document link serves exactly the bytes the passages came from, and the second object is discarded.
// Judged with AWS's own S3 client against the stand-in.

const stackEnv = () => JSON.parse(process.env.MENTORA_STACK_ENV ?? '{}') as Record<string, string>;
const s3 = () => new S3Client({ region: LOCAL_REGION, endpoint: stackEnv().AWS_ENDPOINT_URL_S3, credentials: localCredentials, forcePathStyle: true });

type Form = { url: string; campos: Record<string, string> };

async function post(form: Form, bytes: Buffer) {
  const body = new FormData();
  for (const [k, v] of Object.entries(form.campos)) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'apuntes.pdf');
  return (await fetch(form.url, { method: 'POST', body, headers: { origin: new URL(baseUrl()).origin } })).status;
}

async function create(token: string, bytes: number) {
  const made = await call('POST', '/materials', { token, body: { archivo: { nombre: 'apuntes.pdf', tipo: 'application/pdf', bytes } } });
  expect(made.status).toBe(201);
  return made.body.data as { materialId: string; subida: Form };
}

async function settled(token: string, materialId: string) {
  for (;;) {
    const res = await call('GET', `/materials/${materialId}`, { token });
    if (res.body.data.estado !== 'procesando') return res.body.data as { estado: string; documentoUrl?: string };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The keys under the material, once the upload key has gone (the job deletes it just after `listo`, and discards later ones). */
async function keysOnceSettled(userId: string, materialId: string) {
  const list = async () => ((await s3().send(new ListObjectsV2Command({ Bucket: stackEnv().MATERIALS_BUCKET, Prefix: `materials/${userId}/${materialId}` }))).Contents ?? []).map((o) => o.Key);
  for (let keys = await list(); ; keys = await list()) {
    if (!keys.includes(`materials/${userId}/${materialId}`)) return keys;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Which of the two documents the passages came from, by their text (each PDF's pages say which it is). */
async function passagesSay(token: string, materialId: string) {
  const exported = await call('GET', '/users/me/export', { token });
  const texts = (exported.body.data.datos.pasajesDeMateriales as { materialId: string; texto: string }[]).filter((p) => p.materialId === materialId).map((p) => p.texto).join(' ');
  return texts;
}

const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

const first = hugePagesPdf(2, 1_200);
// The same size, other words: what the passages say tells which file they came from.
const second = Buffer.from(first.toString('latin1').replaceAll('Lorem ipsum dolor sit amet', 'Zorro veloz salta el muro'), 'latin1');

it('a second POST through the same form after the file was processed is discarded; the link serves the processed bytes', async () => {
  const ana = await signUp('Ana');
  const token = ana.tokens.accessToken;
  const { materialId, subida } = await create(token, first.length);
  expect(await post(subida, first)).toBe(204);
  const done = await settled(token, materialId);
  expect(done.estado).toBe('listo');
  expect(await keysOnceSettled(ana.user.id, materialId)).toEqual([`materials/${ana.user.id}/${materialId}/documento`]);

  // Within the form's five minutes, S3 takes the second file as it took the first.
  expect(await post(subida, second)).toBe(204);
  expect(await keysOnceSettled(ana.user.id, materialId)).toEqual([`materials/${ana.user.id}/${materialId}/documento`]);
  const after = await call('GET', `/materials/${materialId}`, { token });
  expect(after.body.data).toMatchObject({ estado: 'listo' });
  expect((await served(after.body.data.documentoUrl as string)).equals(first)).toBe(true);
  expect(await passagesSay(token, materialId)).toContain('Lorem ipsum');
  // And through AWS's client, the object itself.
  const object = await s3().send(new GetObjectCommand({ Bucket: stackEnv().MATERIALS_BUCKET, Key: `materials/${ana.user.id}/${materialId}/documento` }));
  expect(Buffer.from(await object.Body!.transformToByteArray()).equals(first)).toBe(true);

  // Deleting the material removes its document.
  expect((await call('DELETE', `/materials/${materialId}`, { token })).status).toBe(200);
  expect(await keysOnceSettled(ana.user.id, materialId)).toEqual([]);
});

it('two POSTs racing through one form: the document served is the one the passages came from', async () => {
  const beto = await signUp('Beto');
  const token = beto.tokens.accessToken;
  const { materialId, subida } = await create(token, first.length);
  expect(await Promise.all([post(subida, first), post(subida, second)])).toEqual([204, 204]);
  expect((await settled(token, materialId)).estado).toBe('listo');
  expect(await keysOnceSettled(beto.user.id, materialId)).toEqual([`materials/${beto.user.id}/${materialId}/documento`]);
  const detail = await call('GET', `/materials/${materialId}`, { token });
  const bytes = await served(detail.body.data.documentoUrl as string);
  const says = await passagesSay(token, materialId);
  // Exactly one of the two, and the same one on both sides.
  expect(says.includes('Lorem ipsum')).not.toBe(says.includes('Zorro veloz'));
  expect(bytes.equals(says.includes('Lorem ipsum') ? first : second)).toBe(true);
});
