import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { materialPolling } from '../../../web/src/features/materials/material-polling';
import { fakeApi } from '../fake-api';
import { me, ok, renderAt, signedIn } from '../courses/fixtures';
import { aMaterial, fakeS3, IDS, planWithMaterials } from './fixtures';

beforeEach(() => {
  signedIn();
  materialPolling.firstMs = 5;
  materialPolling.maxMs = 20;
});

const pdf = (bytes: number, name = 'tema3.pdf') => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const subida = { url: 'http://s3.local/mentora-materiales', campos: { key: `u/${IDS[1]}`, 'Content-Type': 'application/pdf', Policy: 'cG9saWN5', 'X-Amz-Signature': 'abc' }, expiraEn: '2026-11-25T10:05:00.000Z' };

async function openPage(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ ...me, 'GET /payments/plan': () => ok(planWithMaterials()), 'GET /materials': () => ok([]), ...handlers });
  renderAt('/materiales');
  await screen.findByRole('heading', { level: 1, name: 'Mis materiales' });
  return api;
}

describe('/materiales: what the browser refuses before asking anything', () => {
  it('a file of another type is refused in Spanish and nothing is sent', async () => {
    const api = await openPage();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Archivo'), new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' }));
    await user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ese tipo de archivo no se admite: sube un PDF, un .txt, un .md o un .docx.');
    expect(api.count('POST /materials')).toBe(0);
  });

  it('a file over the plan\'s size is refused with both sizes, and an empty file as empty; nothing is sent', async () => {
    const api = await openPage({ 'GET /payments/plan': () => ok(planWithMaterials(1024 * 1024)) });
    const user = userEvent.setup();
    await screen.findByText(/hasta 1 MB y 50 páginas/);
    await user.upload(screen.getByLabelText('Archivo'), pdf(2 * 1024 * 1024));
    await user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo pesa 2 MB y tu plan admite hasta 1 MB por archivo.');
    await user.upload(screen.getByLabelText('Archivo'), pdf(0));
    await user.click(screen.getByRole('button', { name: 'Subir archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo está vacío.');
    expect(api.count('POST /materials')).toBe(0);
  });

  it('when S3 refuses the file, the learner is told and the material waiting for it is deleted', async () => {
    const s3 = fakeS3(403);
    try {
      const api = await openPage({
        'POST /materials': () => [201, { success: true, data: { ...aMaterial({ materialId: IDS[1], titulo: 'tema3.pdf', origen: 'archivo', estado: 'procesando', tipo: 'application/pdf', bytes: 2048, progreso: { hechas: 0, total: 0 } }), subida } }],
        [`DELETE /materials/${IDS[1]}`]: () => [200, { success: true, message: 'Material borrado.' }],
      });
      const user = userEvent.setup();
      await user.upload(screen.getByLabelText('Archivo'), pdf(2048));
      await user.click(screen.getByRole('button', { name: 'Subir archivo' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(/El almacenamiento rechazó el archivo/);
      await waitFor(() => expect(api.count(`DELETE /materials/${IDS[1]}`)).toBe(1));
    } finally {
      s3.restore();
    }
  });
});

describe('/materiales', () => {
  it('explains what a material is for when there is none', async () => {
    await openPage();
    expect(await screen.findByText('Aún no tienes materiales')).toBeInTheDocument();
    expect(screen.getByText(/cada afirmación de las lecciones lleva su fuente/)).toBeInTheDocument();
  });

  it('uploads a PDF: announces it, posts S3\'s fields then the file last, shows the pages as they are read until it is ready', async () => {
    const s3 = fakeS3();
    const processing = (hechas: number) => aMaterial({ materialId: IDS[1], titulo: 'tema3.pdf', origen: 'archivo', estado: 'procesando', tipo: 'application/pdf', bytes: 2048, pasajes: 0, paginas: 0, progreso: { hechas, total: 40 } });
    try {
      let posted = false;
      const api = await openPage({
        'GET /materials': () => ok(posted ? [processing(0)] : []),
        'POST /materials': () => {
          posted = true;
          return [201, { success: true, data: { ...processing(0), subida } }];
        },
        [`GET /materials/${IDS[1]}`]: (_c, n) => ok(n < 3 ? processing(12) : { ...processing(40), estado: 'listo', paginas: 40, pasajes: 85, progreso: undefined, documentoUrl: 'http://s3.local/doc?firma=1' }),
      });
      const user = userEvent.setup();
      await user.upload(screen.getByLabelText('Archivo'), pdf(2048));
      await user.click(screen.getByRole('button', { name: 'Subir archivo' }));
      expect(await screen.findByText('Procesando · Página 12 de 40')).toBeInTheDocument();
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ archivo: { nombre: 'tema3.pdf', tipo: 'application/pdf', bytes: 2048 } });
      expect(s3.sent).toHaveLength(1);
      expect(s3.sent[0].url).toBe(subida.url);
      expect(s3.sent[0].fields.map(([k]) => k)).toEqual([...Object.keys(subida.campos), 'file']);
      expect(s3.sent[0].fields.at(-1)?.[1]).toBeInstanceOf(Blob);
      expect(await screen.findByText('40 páginas · 85 pasajes')).toBeInTheDocument();
      const card = screen.getByRole('heading', { name: 'tema3.pdf' }).closest('li')!;
      expect(within(card).getByRole('link', { name: 'Crear un curso con este material' })).toHaveAttribute('href', `/generar?material=${IDS[1]}`);
      // Polling stops once it is listo.
      const polls = api.count(`GET /materials/${IDS[1]}`);
      await new Promise((r) => setTimeout(r, 80));
      expect(api.count(`GET /materials/${IDS[1]}`)).toBe(polls);
    } finally {
      s3.restore();
    }
  });

  it('saves pasted text with its title', async () => {
    const saved: unknown[] = [];
    const api = await openPage({
      'GET /materials': () => ok([...saved]),
      'POST /materials': () => [201, { success: true, data: saved[saved.push(aMaterial({ titulo: 'Tema 3' })) - 1] }],
    });
    const user = userEvent.setup();
    await user.type(screen.getAllByLabelText(/Título/)[1], 'Tema 3');
    await user.type(screen.getByLabelText('Texto'), 'La fotosíntesis ocurre en los cloroplastos.');
    await user.click(screen.getByRole('button', { name: 'Guardar texto' }));
    expect(await screen.findByRole('heading', { name: 'Tema 3' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ texto: 'La fotosíntesis ocurre en los cloroplastos.', titulo: 'Tema 3' });
  });

  it('a material in error shows why, and is deleted only after confirming', async () => {
    const broken = aMaterial({ materialId: IDS[2], titulo: 'escaneo.pdf', origen: 'archivo', tipo: 'application/pdf', estado: 'error', motivo: 'Este PDF no tiene texto seleccionable.' });
    const api = await openPage({ 'GET /materials': () => ok([broken]), [`DELETE /materials/${IDS[2]}`]: () => [200, { success: true, message: 'Material borrado.' }] });
    const user = userEvent.setup();
    expect(await screen.findByText('Este PDF no tiene texto seleccionable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Borrar «escaneo.pdf»' }));
    expect(api.count(`DELETE /materials/${IDS[2]}`)).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Borrar «escaneo.pdf»' }));
    await user.click(screen.getByRole('button', { name: 'Sí, borrar' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'escaneo.pdf' })).not.toBeInTheDocument());
    expect(api.count(`DELETE /materials/${IDS[2]}`)).toBe(1);
  });
});
