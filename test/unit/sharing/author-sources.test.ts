import { AUTHOR_SOURCE_TITLE } from '../../../lambdas/contract';
import { courseCopyWrites, type CourseItem, type CourseItems } from '../../../lambdas/course-model';
import { toSharedCourse } from '../../../lambdas/sharing/shared-view';

// A grounded lesson (issue 24) shared or copied (issue 25): its ` [n]` marks keep their quote and page,
// so the claims stay checkable, but the author's material never travels (no id, no title).

const OWNER_MATERIAL = '0b8f3c1e-9d7a-4c2b-8e6f-5a4d3c2b1a09';
const fuentes = [{ n: 1, materialId: OWNER_MATERIAL, titulo: 'Apuntes de María, 2º de Bachillerato', pagina: 3, cita: 'La fotosíntesis ocurre en los cloroplastos.' }];
const course = {
  courseId: 'c1', userId: 'owner', jobId: 'j1', topic: 'Fotosíntesis', nivel: 'principiante', titulo: 'Fotosíntesis', descripcion: 'Un curso.',
  objetivos: [], estado: 'listo', modo: 'completo', solicitud: { topic: 'Fotosíntesis', level: 'principiante', modulos: 1, leccionesPorModulo: 1 },
  modulos: [{ moduleId: 'm1', titulo: 'Módulo 1', descripcion: 'Primero', lecciones: [{ lessonId: 'l1', titulo: 'Lección 1', resumen: 'Resumen' }] }],
  totalLecciones: 1, completadas: 0, completadasPorModulo: {}, tokensEntrada: 0, tokensSalida: 0, versionesPrompt: {},
  materiales: [{ materialId: OWNER_MATERIAL, titulo: fuentes[0].titulo }], createdAt: '2026-11-25T00:00:00Z', updatedAt: '2026-11-25T00:00:00Z',
} as unknown as CourseItem;
const items: CourseItems = {
  course,
  lessons: [{ courseId: 'c1', moduleId: 'm1', lessonId: 'l1', estado: 'lista', contenido: 'Ocurre en los cloroplastos [1].', fuentes, generadaEn: '2026-11-25T00:00:00Z' }],
  evaluations: [],
};
const authorSource = { n: 1, materialId: '', titulo: AUTHOR_SOURCE_TITLE, pagina: 3, cita: fuentes[0].cita };

it('the public page shows a grounded lesson with its quotes and pages, never the material id or title', () => {
  const shared = toSharedCourse('s1', items);
  expect(shared.modulos[0].lecciones[0].fuentes).toEqual([authorSource]);
  const json = JSON.stringify(shared);
  expect(json).not.toContain(OWNER_MATERIAL);
  expect(json).not.toContain('María');
});

it('a copy keeps the lesson sources the same way, so its marks open a quote and its page', () => {
  const writes = courseCopyWrites({} as never, 'T', items, { userId: 'copier', courseId: 'c2', now: '2026-11-25T01:00:00Z' });
  const lesson = writes.map((w) => (w as { Put?: { Item: Record<string, unknown> } }).Put?.Item).find((i) => i?.lessonId === 'l1');
  expect(lesson?.fuentes).toEqual([authorSource]);
  const json = JSON.stringify(writes);
  expect(json).not.toContain(OWNER_MATERIAL);
  expect(json).not.toContain('María');
});
