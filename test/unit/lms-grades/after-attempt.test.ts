import { scoreAfterAttempt, type AfterAttemptDeps, type GradedAttempt, type LmsLink, type LmsScore } from '../../../lambdas/lms-grades';

// Issue 45 (docs/lti.md "Grades"): an LMS course's aula may study several courses, each with a module `m01`. A
// graded attempt goes to the line items of its own course (the teacher's course its copy is of), never to the
// other course's `m01`; a link that names no course grades nothing.

const link = (id: string, over: Partial<LmsLink> = {}): LmsLink => ({
  resourceLinkId: id, lineitem: `https://lms.example/lineitems/${id}`, issuer: 'https://lms.example', clientId: 'c', actualizadoEn: '2026-11-30T00:00:00Z', ...over,
});

function fakeDeps(links: LmsLink[]) {
  const queued: LmsScore[] = [];
  const started: string[] = [];
  const deps: AfterAttemptDeps = {
    grades: {
      learnerSub: async () => 'lms-sub',
      links: async () => links,
      enqueue: async (_aula: string, score: LmsScore) => { queued.push(score); return true; },
      markFailed: async () => true,
    },
    jobs: { start: async (_aula, nota) => { started.push(nota); } },
    now: () => new Date('2026-11-30T12:00:00Z'),
  };
  return { deps, queued, started };
}

const attempt = (deCurso: string | undefined, moduleId = 'm01'): GradedAttempt => ({
  userId: 'u1', course: { courseId: `copia-de-${deCurso}`, deAula: 'aula-1', deCurso, modulos: [{ moduleId: 'm01' }, { moduleId: 'm02' }] },
  moduleId, intento: 1, score: 80, fecha: '2026-11-30T11:59:00Z', modulesPassed: async () => 1,
});

const aulaLinks = [
  link('a-m01', { cursoId: 'A', moduloId: 'm01' }),
  link('b-m01', { cursoId: 'B', moduloId: 'm01' }),
  link('a-curso', { cursoId: 'A' }),
  link('b-curso', { cursoId: 'B' }),
  // A plain link launched while the aula studied no course, or several: it names none.
  link('sin-curso'),
];

test('an attempt of course B\'s m01 goes to B\'s module and course line items only, never to A\'s m01', async () => {
  const { deps, queued, started } = fakeDeps(aulaLinks);
  expect(await scoreAfterAttempt(deps, attempt('B'))).toBe(2);
  expect(queued.map((s) => s.resourceLinkId).sort()).toEqual(['b-curso', 'b-m01']);
  expect(queued.find((s) => s.resourceLinkId === 'b-m01')).toMatchObject({ scoreGiven: 80, activityProgress: 'Completed' });
  expect(queued.find((s) => s.resourceLinkId === 'b-curso')).toMatchObject({ scoreGiven: 50, activityProgress: 'InProgress', gradingProgress: 'Pending' });
  // Keyed by the learner, the link and the attempt's course, module and number: B's never collide with A's.
  expect(queued.every((s) => s.nota.startsWith('u1#') && s.nota.endsWith('#copia-de-B#m01#1'))).toBe(true);
  expect(started).toEqual(queued.map((s) => s.nota));
});

test('the same module of course A goes to A\'s line items; m02 of A only to A\'s course link', async () => {
  const a = fakeDeps(aulaLinks);
  await scoreAfterAttempt(a.deps, attempt('A'));
  expect(a.queued.map((s) => s.resourceLinkId).sort()).toEqual(['a-curso', 'a-m01']);
  const m02 = fakeDeps(aulaLinks);
  await scoreAfterAttempt(m02.deps, attempt('A', 'm02'));
  expect(m02.queued.map((s) => s.resourceLinkId)).toEqual(['a-curso']);
});

test('a copy whose source is unknown, or links naming no course, send nothing', async () => {
  const unknown = fakeDeps(aulaLinks);
  expect(await scoreAfterAttempt(unknown.deps, attempt(undefined))).toBe(0);
  const plain = fakeDeps([link('sin-curso'), link('sin-curso-m01', { moduloId: 'm01' })]);
  expect(await scoreAfterAttempt(plain.deps, attempt('A'))).toBe(0);
  expect(plain.queued).toEqual([]);
});

test('the course\'s link is a partial score (Pending) until every module is passed, then the final one (FullyGraded)', async () => {
  const studying = fakeDeps([link('a-curso', { cursoId: 'A' })]);
  await scoreAfterAttempt(studying.deps, { ...attempt('A'), modulesPassed: async () => 0 });
  // A failed first attempt: 0 of 2 modules. Sent as a final grade, Moodle would show the learner a 0 while studying.
  expect(studying.queued[0]).toMatchObject({ scoreGiven: 0, activityProgress: 'InProgress', gradingProgress: 'Pending' });
  const done = fakeDeps([link('a-curso', { cursoId: 'A' })]);
  await scoreAfterAttempt(done.deps, { ...attempt('A', 'm02'), modulesPassed: async () => 2 });
  expect(done.queued[0]).toMatchObject({ scoreGiven: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded' });
});
