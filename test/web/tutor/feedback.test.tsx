import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TutorContextView } from '../../../lambdas/contract/tutor';
import { FeedbackButtons } from '../../../web/src/features/feedback/feedback-buttons';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { TutorPanel } from '../../../web/src/features/tutor/tutor-panel';
import { fakeApi, someTokens } from '../fake-api';
import { saveTokens } from '../../../web/src/lib/token-storage';

beforeEach(() => saveTokens(someTokens()));
const ok = (data: unknown): [number, unknown] => [200, { success: true, data }];
const voted = ok({ valoracion: 'negativa', versionPrompt: 'leccion-v2', modelo: 'm' });

test('a lesson gets 👍/👎 with Spanish labels, and a reason can follow a 👎', async () => {
  const server = fakeApi({ 'POST /feedback': () => voted });
  render(<FeedbackButtons question="¿Te ha sido útil esta lección?" target={{ courseId: 'c-1', tipo: 'leccion', moduleId: 'm01', lessonId: 'l02' }} />);
  const group = screen.getByRole('group', { name: '¿Te ha sido útil esta lección?' });
  await userEvent.click(within(group).getByRole('button', { name: 'No me ha sido útil' }));
  expect(await screen.findByText('Gracias por tu valoración.')).toBeInTheDocument();
  expect(within(group).getByRole('button', { name: 'No me ha sido útil' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.type(screen.getByLabelText('¿Qué podríamos mejorar? (opcional)'), 'El ejemplo es confuso');
  await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
  expect(await screen.findByText('Gracias: tu comentario nos ayuda a mejorar.')).toBeInTheDocument();
  expect(server.calls.map((c) => c.body)).toEqual([
    { courseId: 'c-1', tipo: 'leccion', moduleId: 'm01', lessonId: 'l02', valoracion: 'negativa' },
    { courseId: 'c-1', tipo: 'leccion', moduleId: 'm01', lessonId: 'l02', valoracion: 'negativa', motivo: 'El ejemplo es confuso' },
  ]);
});

test('says so in Spanish when the vote cannot be saved', async () => {
  fakeApi({ 'POST /feedback': () => [404, { success: false, message: 'No encontramos esa lección en tu curso.' }] });
  render(<FeedbackButtons question="¿Te ha sido útil esta lección?" target={{ courseId: 'c-1', tipo: 'leccion', moduleId: 'm01', lessonId: 'l09' }} />);
  await userEvent.click(screen.getByRole('button', { name: 'Sí, me ha sido útil' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos esa lección en tu curso.');
});

test('each tutor answer can be rated, identified by its date', async () => {
  const context: TutorContextView = {
    courseId: 'c-1', titulo: 'Python', topic: 'Python', nivel: 'principiante', modulos: [], progreso: { completadas: 0, total: 4, porcentaje: 0 }, sugerencias: [],
    cuota: { plan: 'gratuito', limite: 20, usados: 1, restantes: 19, renuevaEn: '2026-11-23T00:00:00.000Z' },
    historial: [{ rol: 'alumno', texto: '¿Qué es una lista?', fecha: '2026-11-22T10:00:00.000Z' }, { rol: 'tutor', texto: 'Una lista guarda valores.', fecha: '2026-11-22T10:00:00.000Z' }],
  };
  const server = fakeApi({ 'GET /ai-tutor/context/c-1': () => ok(context), 'POST /feedback': () => voted });
  render(<TutorPanel courseId="c-1" defaultOpen />, { wrapper: QueryProvider });
  const panel = await screen.findByRole('dialog', { name: 'Tutor IA' });
  const group = await within(panel).findByRole('group', { name: '¿Te ha servido esta respuesta?' });
  await userEvent.click(within(group).getByRole('button', { name: 'Sí, me ha sido útil' }));
  expect(await within(panel).findByText('Gracias por tu valoración.')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ courseId: 'c-1', tipo: 'tutor', respuesta: '2026-11-22T10:00:00.000Z', valoracion: 'positiva' });
});
