import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { materialPolling } from '../../../web/src/features/materials/material-polling';
import { fakeApi } from '../fake-api';
import { aCourse, aJob, currentPath, me, ok, renderAt, signedIn, summaryOf } from '../courses/fixtures';
import { aMaterial, IDS, planWithMaterials } from './fixtures';

beforeEach(() => {
  signedIn();
  materialPolling.firstMs = 5;
  materialPolling.maxMs = 20;
});

const started = summaryOf(aCourse({ courseId: 'c-9', estado: 'generando', jobId: 'j-9' }));
const more = ['9c4f5e6d-7a8b-4c93-9dae-2f3a4b5c6d7e', 'ad5a6f7e-8b9c-4da4-8ebf-3a4b5c6d7e8f', 'be6b7a8f-9cad-4eb5-9fc0-4b5c6d7e8f9a'];

function server(materials = [aMaterial(), aMaterial({ materialId: IDS[1], titulo: 'Manual.pdf', origen: 'archivo', tipo: 'application/pdf' })]) {
  return fakeApi({
    ...me,
    'GET /payments/plan': () => ok(planWithMaterials()),
    'GET /materials': () => ok(materials),
    'POST /courses/plan': () => [201, { success: true, curso: started, jobId: 'j-9', message: 'Estamos creando tu curso' }],
    'GET /jobs/j-9': () => ok(aJob({ jobId: 'j-9', courseId: 'c-9', step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 1 })),
    'GET /courses/c-9': () => [404, { success: false, message: 'No encontramos ese curso.' }],
  });
}

describe('/generar from the learner\'s materials (issue 24)', () => {
  it('sends the chosen materials with the plan', async () => {
    const api = server();
    renderAt('/generar');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('¿Qué quieres aprender?'), 'Biología celular');
    await user.click(await screen.findByRole('checkbox', { name: 'Manual.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    await waitFor(() => expect(currentPath()).toBe('/course/c-9'));
    expect(api.calls.find((c) => c.path === '/courses/plan')?.body).toEqual({ topic: 'Biología celular', level: 'principiante', materiales: [IDS[1]] });
  });

  it('"Crear un curso con este material" arrives with it chosen, and it can be unchosen', async () => {
    server();
    renderAt(`/generar?material=${IDS[0]}`);
    const user = userEvent.setup();
    const chosen = await screen.findByRole('checkbox', { name: 'Apuntes de Biología' });
    expect(chosen).toBeChecked();
    await user.click(chosen);
    expect(chosen).not.toBeChecked();
  });

  it('only ready materials can be chosen, at most five; one being processed shows its pages and becomes choosable', async () => {
    const reading = aMaterial({ materialId: IDS[2], titulo: 'Tesis.pdf', origen: 'archivo', estado: 'procesando', paginas: 0, pasajes: 0, progreso: { hechas: 3, total: 9 } });
    const broken = aMaterial({ materialId: more[2], titulo: 'Escaneo.pdf', origen: 'archivo', estado: 'error', motivo: 'Este PDF no tiene texto seleccionable.' });
    const ready = [IDS[0], IDS[1], more[0], more[1]].map((materialId, i) => aMaterial({ materialId, titulo: `Material ${i + 1}` }));
    const extra = aMaterial({ materialId: '0f7c8b9a-adbe-4fc6-80d1-5c6d7e8f9a0b', titulo: 'Material 5' });
    const api = fakeApi({
      ...me,
      'GET /payments/plan': () => ok(planWithMaterials()),
      'GET /materials': () => ok([reading, broken, ...ready, extra]),
      [`GET /materials/${IDS[2]}`]: (_c, n) => ok(n < 2 ? reading : { ...reading, estado: 'listo', paginas: 9, pasajes: 20, progreso: undefined }),
    });
    renderAt('/generar');
    const user = userEvent.setup();
    const tesis = await screen.findByRole('checkbox', { name: 'Tesis.pdf' });
    expect(tesis).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Escaneo.pdf' })).toBeDisabled();
    expect(screen.getByText('Este PDF no tiene texto seleccionable.')).toBeInTheDocument();
    await waitFor(() => expect(tesis).toBeEnabled());
    expect(api.count(`GET /materials/${IDS[2]}`)).toBeGreaterThanOrEqual(2);
    for (const name of ['Material 1', 'Material 2', 'Material 3', 'Material 4', 'Material 5']) await user.click(screen.getByRole('checkbox', { name }));
    expect(tesis).toBeDisabled();
    expect(screen.getByText(/Elegidos: 5 de 5/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: /Tus materiales/ });
    expect(within(group).getAllByRole('checkbox', { checked: true })).toHaveLength(5);
  });

  it('the upload form loads when "Subir un material" is opened, not before (it stays off the course page\'s first JavaScript)', async () => {
    server();
    renderAt('/generar');
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'Manual.pdf' });
    expect(screen.queryByRole('button', { name: 'Subir archivo' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Subir un material'));
    expect(await screen.findByRole('button', { name: 'Subir archivo' })).toBeInTheDocument();
  });
});
