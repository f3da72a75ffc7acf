import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MASTERY_STATE_LABEL, type MasteryState } from '../../../lambdas/contract/mastery';
import { fakeApi } from '../fake-api';
import { aCourse, currentPath, lesson, me, moduleOf, ok, progressAnswer, renderAt, signedIn } from './fixtures';

// Issue 43 item 3: the course as a map (web/src/features/course/course-map.tsx). Modules, their lessons
// and the objectives each teaches, each objective's state in the Mapa de dominio's words and icon; a
// lesson on the map opens it; keyboard first; the choice remembered per course.

beforeEach(() => signedIn());

const objective = (id: string, enunciado: string) => ({ id, enunciado, bloom: 'comprender' as const });
const course = aCourse({
  modulos: [
    moduleOf('m1', [lesson('l1', { objetivos: ['o1'] }), lesson('l2', { objetivos: ['o2', 'o3'], progreso: 'completado' })], {
      objetivos: [objective('o1', 'Explica qué es una variable'), objective('o2', 'Distingue listas de tuplas'), objective('o3', 'Recorre una lista con for')],
    }),
    moduleOf('m2', [lesson('l3', { objetivos: ['o1', 'o2'] })], { objetivos: [objective('o1', 'Define una función'), objective('o2', 'Devuelve un valor')] }),
  ],
});

/** What the learner model says of each objective (by statement), as GET /courses/{id}/mastery answers. */
const STATES: Record<string, MasteryState> = {
  'Explica qué es una variable': 'dominado',
  'Distingue listas de tuplas': 'en_progreso',
  'Recorre una lista con for': 'por_repasar',
  'Define una función': 'por_empezar',
  'Devuelve un valor': 'por_empezar',
};
function mastery() {
  const modulos = course.modulos.map((m) => ({
    moduleId: m.moduleId,
    titulo: m.titulo,
    dominados: m.objetivos!.filter((o) => STATES[o.enunciado] === 'dominado').length,
    objetivos: m.objetivos!.map((o) => ({ ...o, estado: STATES[o.enunciado], estimacion: 0.5, incertidumbre: 0.5, evidencias: STATES[o.enunciado] === 'por_empezar' ? 0 : 3 })),
  }));
  return ok({ courseId: 'c-1', modulos, siguiente: { tipo: 'estudiar', texto: 'Sigue con la lección «Lección l3».', courseId: 'c-1', moduleId: 'm2', lessonId: 'l3' } });
}

function serve() {
  return fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(course),
    'GET /courses/c-2': () => ok(aCourse({ courseId: 'c-2', titulo: 'Otro curso' })),
    'GET /courses/c-1/mastery': () => mastery(),
    'GET /courses/c-2/mastery': () => mastery(),
    'POST /courses/c-1/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
    'POST /courses/c-2/progress': (c) => progressAnswer((c.body as { moduleId: string }).moduleId, (c.body as { lessonId: string }).lessonId),
  });
}

const theMap = async () => screen.findByRole('region', { name: 'Mapa del curso' });

describe('the course map', () => {
  it('"Ver como mapa" shows every module, its lessons and their objectives, each state as an icon and a word', async () => {
    serve();
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ver como mapa' }));
    const map = await theMap();
    expect(screen.getByRole('heading', { level: 2, name: 'Mapa del curso' })).toHaveFocus();
    expect(currentPath()).toBe('/course/c-1?modulo=m1&leccion=l1&vista=mapa');
    expect(screen.queryByRole('heading', { level: 2, name: 'Lección l1' })).not.toBeInTheDocument();

    expect(within(map).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Módulo m1', 'Módulo m2']);
    const lessons = within(map).getByRole('list', { name: 'Lecciones del módulo 1' });
    expect(within(lessons).getAllByRole('link')).toEqual(['Lección l1', 'Lección l2', 'Evaluación del módulo 1'].map((name) => within(lessons).getByRole('link', { name })));
    expect(within(map).getByText('Completada')).toBeInTheDocument();

    // Every objective under the lesson that teaches it, its state in the Mapa de dominio's word, the icon beside it hidden from
    // screen readers: the word alone carries the state (never colour alone).
    await within(map).findAllByText('Dominado');
    const rows = (name: string) => within(within(map).getByRole('list', { name })).getAllByRole('listitem');
    const shown = [...rows('Objetivos de «Lección l1»'), ...rows('Objetivos de «Lección l2»'), ...rows('Objetivos de «Lección l3»')];
    expect(shown).toHaveLength(5);
    for (const row of shown) {
      const [statement] = Object.keys(STATES).filter((s) => row.textContent.startsWith(s));
      const icon = row.querySelector('[aria-hidden="true"]')!;
      expect(icon.textContent).not.toBe('');
      expect(row.textContent.replace(icon.textContent, '')).toBe(`${statement}${MASTERY_STATE_LABEL[STATES[statement]]}`);
    }
    expect(within(map).getByText('1 de 3 objetivos dominados')).toBeInTheDocument();
    expect(within(map).getByRole('list', { name: 'Estados de dominio' }).textContent.replace(/[^\p{L} ]/gu, '')).toBe(Object.values(MASTERY_STATE_LABEL).join(''));
  });

  it('a click on a lesson opens it, in the list, with focus on its title', async () => {
    const server = serve();
    renderAt('/course/c-1?vista=mapa');
    const map = await theMap();
    const user = userEvent.setup();
    await user.click(within(map).getByRole('link', { name: 'Lección l3' }));
    expect(currentPath()).toBe('/course/c-1?modulo=m2&leccion=l3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l3' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Mapa del curso' })).not.toBeInTheDocument();
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/courses/c-1/progress').map((c) => c.body)).toEqual([{ moduleId: 'm2', lessonId: 'l3', estado: 'en_curso' }]));
  });

  it('works from the keyboard: the toggle, the lessons and back to the list', async () => {
    serve();
    renderAt('/course/c-1?modulo=m1&leccion=l2');
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Ver como mapa' })).focus();
    await user.keyboard('{Enter}');
    await theMap();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Mapa del curso' })).toHaveFocus());
    // The course's loading overlay holds Tab for its 300 ms fade-out (SPEC §4): the keys start after it.
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Ver como lista' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Lección l1' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    // Back to the lesson the address named, focus on its title.
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l2' })).toHaveFocus();
    expect(currentPath()).toBe('/course/c-1?modulo=m1&leccion=l2');
    screen.getByRole('button', { name: 'Ver como mapa' }).focus();
    await user.keyboard('{Enter}');
    await theMap();
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l1' })).toHaveFocus();
  });

  it('is remembered per course for an address that names no lesson, and opens no lesson meanwhile', async () => {
    const server = serve();
    const first = renderAt('/course/c-1?modulo=m1&leccion=l1');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver como mapa' }));
    await theMap();
    first.unmount();

    const again = renderAt('/course/c-1');
    const map = await theMap();
    await within(map).findAllByText('Dominado');
    // Arriving on the map is not opening a lesson: no progress write until the learner picks one.
    expect(server.count('POST /courses/c-1/progress')).toBe(1);
    again.unmount();

    const other = renderAt('/course/c-2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l1' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mapa del curso' })).not.toBeInTheDocument();
    other.unmount();

    renderAt('/course/c-1?modulo=m1&leccion=l2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lección l2' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mapa del curso' })).not.toBeInTheDocument();
  });
});
