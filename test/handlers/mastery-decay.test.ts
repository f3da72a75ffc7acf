import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';
import { passModule, viaHandlers } from '../support/certificate-fixture';
import { DAY_MS, later } from '../support/review-fixtures';
import { stability } from '../../lambdas/learner-model';

// Issue 41 item 4 through the review Lambda, on DynamoDB Local, with no estimate written by hand: a
// learner passes module 1 (every answer right, one day of evidence), and the handlers' clock moves
// past the memory's stability. The Mapa de dominio (GET /courses/{id}/mastery) then shows the
// module's objectives "por repasar", its next step sends the learner back to the most faded one's
// lesson, and the dashboard's "Tu siguiente paso" (GET /courses/next-step) names the same. Right
// after the pass nothing is faded and the next module follows (a pass is not "review this module").

type Objetivo = { id: string; estado: string; estimacion: number; leccion?: { lessonId: string; titulo: string } };
type Modulo = { moduleId: string; objetivos: Objetivo[] };
const REPASA = /^Repasa «.+»: hace tiempo que no lo practicas y puede que se te esté olvidando; vuelve a la lección «.+»\.$/;

// Generates a course through the local pipeline (22–48 s at load 7–9, the first of a run paying its cold start).
jest.setTimeout(120_000);

it('shows a passed module "por repasar" once its memory has faded, and sends the learner back to it on the map and the dashboard', async () => {
  const { userId } = await learner();
  const { courseId } = await generatedCourse(userId);
  const passed = await passModule(viaHandlers(userId), courseId, 'm01');
  expect(passed).toMatchObject({ status: 200, body: { data: { aprobado: true } } });
  const map = async () => (await invoke('GET /courses/{id}/mastery', { userId, params: { id: courseId } })).body.data as { modulos: Modulo[]; siguiente: Record<string, unknown> };

  const fresh = await map();
  expect(fresh.modulos[0].objetivos.every((o) => o.estado !== 'por_repasar' && o.estimacion >= 0.95)).toBe(true);
  expect(fresh.siguiente).toMatchObject({ tipo: 'siguiente_modulo', moduleId: 'm02' });

  // One day of evidence: stability() days to 90 % retention; a day past it every objective has faded.
  await later((stability(1) + 1) * DAY_MS, async () => {
    const faded = await map();
    const m1 = faded.modulos[0];
    expect(m1.objetivos.map((o) => o.estado)).toEqual(m1.objetivos.map(() => 'por_repasar'));
    expect(m1.objetivos.every((o) => o.estimacion < 0.95)).toBe(true);
    const first = [...m1.objetivos].sort((a, b) => a.estimacion - b.estimacion)[0];
    expect(faded.siguiente).toMatchObject({ tipo: 'repasar', estado: 'por_repasar', courseId, moduleId: 'm01', objetivoId: first.id, lessonId: first.leccion?.lessonId, texto: expect.stringMatching(REPASA) });
    const dashboard = await invoke('GET /courses/next-step', { userId });
    expect(dashboard).toMatchObject({ status: 200, body: { data: { siguiente: { tipo: 'repasar', estado: 'por_repasar', courseId, moduleId: 'm01', objetivoId: first.id, texto: faded.siguiente.texto } } } });
  });
});
