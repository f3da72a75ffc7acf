import { strToU8 } from 'fflate';
import type { MaterialItem } from '../../../lambdas/materials/material-items';
import type { MaterialFiles } from '../../../lambdas/materials/material-files';
import type { MaterialStore } from '../../../lambdas/materials/material-store';
import { processUpload, PROCESSING_FAILED, type ProcessDeps } from '../../../lambdas/materials/process-file';

// The upload job (issue 24) with the store and the bucket in memory: what S3's delivery can do to it
// (twice, late, for a deleted material) and how it fails (never half written), then the honest run.

const USER = '3f0c9d55-8f5e-4a8e-9a38-2c8f1b7f1a10';
const ID = '0b6c1f0e-3f5e-4c38-9d0c-6d8f0c1a2b3c';
const KEY = `materials/${USER}/${ID}`;
const DOCUMENT = `${KEY}/documento`;
const NOW = new Date('2026-11-25T10:00:00Z');

function fixture(content: string | Uint8Array, over: Partial<MaterialItem> = {}, contentType = 'text/plain') {
  const item: MaterialItem & { procesadoDesde?: string } = {
    materialId: ID, titulo: 'Apuntes', origen: 'archivo', estado: 'procesando', tipo: 'text/plain', bytes: 10,
    caracteres: 0, paginas: 0, pasajes: 0, creadoEn: NOW.toISOString(), actualizadoEn: NOW.toISOString(), ...over,
  };
  let material: typeof item | undefined = item;
  const passages = new Map<number, unknown>();
  const progress: { hechas: number; total: number }[] = [];
  const objects = new Map<string, Uint8Array>([[KEY, typeof content === 'string' ? strToU8(content) : content]]);
  const store = {
    get: () => Promise.resolve(material && { ...material }),
    claim: (_u: string, _id: string, at: string, stale: string) => {
      if (material?.estado !== 'procesando' || (material.procesadoDesde && material.procesadoDesde >= stale)) return Promise.resolve(false);
      material.procesadoDesde = at;
      return Promise.resolve(true);
    },
    putPassages: (_u: string, _id: string, list: unknown[], from = 0) => Promise.resolve(list.forEach((p, i) => passages.set(from + i, p))),
    dropPassages: () => Promise.resolve(passages.clear()),
    progress: (_u: string, _id: string, p: { hechas: number; total: number }) => Promise.resolve(void progress.push(p)),
    finish: (_u: string, _id: string, change: Partial<MaterialItem>) => Promise.resolve(void (material = material && { ...material, ...change, procesadoDesde: undefined })),
  } as unknown as MaterialStore;
  const files = {
    read: (key: string) => Promise.resolve(objects.has(key) ? { bytes: objects.get(key)!, contentType } : undefined),
    keep: (_u: string, _id: string, bytes: Uint8Array) => Promise.resolve(void objects.set(DOCUMENT, new Uint8Array(bytes))),
    discardUpload: () => Promise.resolve(void objects.delete(KEY)),
    remove: () => Promise.resolve(void (objects.delete(KEY), objects.delete(DOCUMENT))),
  } as unknown as MaterialFiles;
  const deps: ProcessDeps = {
    store, files, now: () => NOW, leaseSeconds: 300,
    allowance: () => Promise.resolve({ plan: 'gratuito', maximo: 5, caracteres: 20_000, bytes: 1000, paginas: 50 }),
    embed: () => Promise.resolve({ vector: [1, 0], tokens: 10 }),
  };
  return { deps, passages, progress, objects, material: () => material, deleteMaterial: () => (material = undefined) };
}

describe('what delivery can do', () => {
  it('a second delivery while a run holds the material does nothing', async () => {
    const f = fixture('Hola mundo', { procesadoDesde: new Date(NOW.getTime() - 60_000).toISOString() } as Partial<MaterialItem>);
    await processUpload(f.deps, KEY);
    expect(f.material()).toMatchObject({ estado: 'procesando' });
    expect(f.passages.size).toBe(0);
  });

  it('a delivery after a run died (its lease past) takes over and finishes', async () => {
    const f = fixture('Hola mundo', { procesadoDesde: new Date(NOW.getTime() - 301_000).toISOString() } as Partial<MaterialItem>);
    await processUpload(f.deps, KEY);
    expect(f.material()).toMatchObject({ estado: 'listo', pasajes: 1 });
  });

  it('an upload to a material already listo or error (the form is valid 5 minutes) is discarded, its document kept; a deleted material has its orphan object removed', async () => {
    const done = fixture('Otro texto', { estado: 'listo', pasajes: 3 });
    done.objects.set(DOCUMENT, strToU8('Hola'));
    await processUpload(done.deps, KEY);
    expect(done.material()).toMatchObject({ estado: 'listo', pasajes: 3 });
    expect([...done.objects.entries()]).toEqual([[DOCUMENT, strToU8('Hola')]]);
    const failed = fixture('Otro texto', { estado: 'error', motivo: 'x' });
    await processUpload(failed.deps, KEY);
    expect(failed.material()).toMatchObject({ estado: 'error', pasajes: 0 });
    expect(failed.objects.size).toBe(0);
    const gone = fixture('Hola');
    gone.deleteMaterial();
    await processUpload(gone.deps, KEY);
    expect(gone.objects.size).toBe(0);
  });

  it('a key outside the layout is ignored', async () => {
    const f = fixture('Hola');
    await processUpload(f.deps, 'otra/cosa');
    expect(f.material()).toMatchObject({ estado: 'procesando' });
  });
});

describe('failures end in error, nothing half written', () => {
  it('the embedding model failing half way: passages and original deleted, the generic reason', async () => {
    const f = fixture(Array.from({ length: 30 }, (_, i) => `Página ${i + 1} con texto.`).join('\f'));
    let calls = 0;
    f.deps.embed = () => (++calls > 10 ? Promise.reject(new Error('ThrottlingException')) : Promise.resolve({ vector: [1], tokens: 1 }));
    await processUpload(f.deps, KEY);
    expect(f.material()).toMatchObject({ estado: 'error', motivo: PROCESSING_FAILED, pasajes: 0 });
    expect(f.passages.size).toBe(0);
    expect(f.objects.size).toBe(0);
  });

  it('an object whose Content-Type is not the one declared, or that never arrived', async () => {
    const f = fixture('Hola', {}, 'application/pdf');
    await processUpload(f.deps, KEY);
    expect(f.material()).toMatchObject({ estado: 'error', motivo: expect.stringMatching(/^El archivo no es un archivo de texto/) });
    const never = fixture('Hola');
    never.objects.clear();
    await processUpload(never.deps, KEY);
    expect(never.material()).toMatchObject({ estado: 'error', motivo: 'No recibimos el archivo. Bórralo y vuelve a subirlo.' });
  });

  it('the function running out of time stops before its end with a reason', async () => {
    const f = fixture('Hola mundo');
    await processUpload(f.deps, KEY, () => 5_000);
    expect(f.material()).toMatchObject({ estado: 'error', motivo: expect.stringMatching(/tardó demasiado/) });
  });
});

it('processes a 30-page text to listo, writing progress about ten times (not once per page) up to every page', async () => {
  const f = fixture(Array.from({ length: 30 }, (_, i) => `Página ${i + 1}: la célula y sus partes.`).join('\f'));
  await processUpload(f.deps, KEY);
  expect(f.material()).toMatchObject({ estado: 'listo', paginas: 30, pasajes: 30 });
  expect(f.progress.length).toBeLessThanOrEqual(10);
  expect(f.progress.at(-1)).toEqual({ hechas: 30, total: 30 });
  expect(f.progress.map((p) => p.hechas)).toEqual([...f.progress.map((p) => p.hechas)].sort((a, b) => a - b));
  expect([...f.passages.keys()]).toEqual(Array.from({ length: 30 }, (_, i) => i));
});

it('keeps the exact bytes it processed where no form can write, then deletes the upload (issue 31)', async () => {
  const f = fixture('La célula y sus partes.');
  await processUpload(f.deps, KEY);
  expect(f.material()).toMatchObject({ estado: 'listo' });
  expect([...f.objects.entries()]).toEqual([[DOCUMENT, strToU8('La célula y sus partes.')]]);
});
