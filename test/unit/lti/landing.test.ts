import { NOT_SHARED_WITH_TEACHER, SHARED_WITH_TEACHER } from '../../../lambdas/contract';
import { GRADE_SENT, isInstructor, LANDING, landing, lmsCourseKey } from '../../../lambdas/lti/landing';
import type { LaunchItem } from '../../../lambdas/lti/lti-items';

// Where a launch lands (docs/lti.md "Where a launch lands"): only a role of this course's membership teaches;
// the LMS course is named by registration, deployment and context, never by the context id alone.

const M = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
const launch = (over: Partial<LaunchItem> = {}): LaunchItem => ({
  issuer: 'https://lms.example', clientId: 'c', deploymentId: 'd', sub: 's', messageType: 'LtiResourceLinkRequest',
  roles: [`${M}Learner`], contextId: 'ctx', contextTitle: 'Economía', expiresAt: 0, ...over,
});

function fakeAulas(learned: Awaited<ReturnType<Parameters<typeof landing>[0]['learn']>> = { aulaId: 'a', cursos: [], copias: {}, unidoAhora: false }) {
  const calls: string[] = [];
  return {
    calls,
    aulas: {
      teach: async (userId: string, course: { key: string }) => { calls.push(`teach ${userId} ${course.key}`); return { aulaId: 'a-1', cursos: [] }; },
      learn: async (userId: string, course: { key: string }) => { calls.push(`learn ${userId} ${course.key}`); return learned; },
    },
  };
}

test('only a membership role of this course teaches: an institution Instructor, or a Mentor, learns', () => {
  expect(isInstructor([`${M}Instructor`])).toBe(true);
  expect(isInstructor([`${M}Learner`, `${M}Instructor`])).toBe(true);
  expect(isInstructor(['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'])).toBe(true);
  expect(isInstructor(['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor', `${M}Learner`])).toBe(false);
  expect(isInstructor([`${M}Mentor`, 'Instructor'])).toBe(false);
});

test('the same context id under another deployment or registration is another LMS course', () => {
  const keys = new Set([lmsCourseKey(launch(), 'ctx'), lmsCourseKey(launch({ deploymentId: 'd2' }), 'ctx'), lmsCourseKey(launch({ clientId: 'c2' }), 'ctx'), lmsCourseKey(launch({ issuer: 'https://otro.example' }), 'ctx')]);
  expect(keys.size).toBe(4);
});

test('a teacher lands in the aula; a learner in their one copy, or in their aulas; no aula or no context: the start page, told why', async () => {
  const teacher = fakeAulas();
  expect(await landing(teacher.aulas)(launch({ roles: [`${M}Instructor`] }), 'u')).toEqual({ destino: '/aulas/a-1' });
  expect(teacher.calls).toEqual([`teach u ${lmsCourseKey(launch(), 'ctx')}`]);
  expect(await landing(fakeAulas({ aulaId: 'a', cursos: ['c1'], copias: { c1: 'mine-1' }, unidoAhora: false }).aulas)(launch(), 'u')).toEqual({ destino: '/course/mine-1' });
  expect(await landing(fakeAulas({ aulaId: 'a', cursos: ['c1', 'c2'], copias: { c1: 'm1', c2: 'm2' }, unidoAhora: false }).aulas)(launch(), 'u')).toEqual({ destino: '/aulas' });
  expect(await landing(fakeAulas({ sinAula: true }).aulas)(launch(), 'u')).toEqual({ destino: '/dashboard', aviso: LANDING.noAulaYet });
  const none = fakeAulas();
  expect(await landing(none.aulas)(launch({ contextId: undefined }), 'u')).toEqual({ destino: '/dashboard', aviso: LANDING.noContext });
  expect(none.calls).toEqual([]);
});

test('a linked activity lands the learner in their copy of that course, at that module\'s evaluation; an unassigned one as before', async () => {
  const aulas = fakeAulas({ aulaId: 'a', cursos: ['c1', 'c2'], copias: { c1: 'm1', c2: 'm2' }, unidoAhora: false }).aulas;
  expect(await landing(aulas)(launch({ actividad: { courseId: 'c2' } }), 'u')).toEqual({ destino: '/course/m2' });
  expect(await landing(aulas)(launch({ actividad: { courseId: 'c2', moduleId: 'm03' } }), 'u')).toEqual({ destino: '/course/m2?modulo=m03&evaluacion' });
  expect(await landing(aulas)(launch({ actividad: { courseId: 'otro' } }), 'u')).toEqual({ destino: '/aulas' });
  // The teacher of a linked activity lands in the aula, as any teacher's launch.
  expect(await landing(aulas)(launch({ roles: [`${M}Instructor`], actividad: { courseId: 'c2' } }), 'u')).toEqual({ destino: '/aulas/a-1' });
});

test('the learner\'s first launch into the aula says which platform receives their grade and what the teacher sees; later ones do not', async () => {
  const first = fakeAulas({ aulaId: 'a', cursos: ['c1'], copias: { c1: 'm1' }, unidoAhora: true }).aulas;
  expect(await landing(first)(launch({ plataforma: 'Moodle del Colegio', issuer: 'https://moodle.colegio.edu' }), 'u')).toEqual({
    destino: '/course/m1',
    avisoNotas: { plataforma: 'Moodle del Colegio', host: 'moodle.colegio.edu', recibe: [...GRADE_SENT], profesorVe: [...SHARED_WITH_TEACHER], profesorNoVe: [...NOT_SHARED_WITH_TEACHER] },
  });
  // A platform that sends no name of its own is named by its host.
  expect((await landing(first)(launch({ issuer: 'https://canvas.colegio.edu' }), 'u')).avisoNotas?.plataforma).toBe('canvas.colegio.edu');
  const later = fakeAulas({ aulaId: 'a', cursos: ['c1'], copias: { c1: 'm1' }, unidoAhora: false }).aulas;
  expect(await landing(later)(launch({ plataforma: 'Moodle del Colegio' }), 'u')).toEqual({ destino: '/course/m1' });
});
