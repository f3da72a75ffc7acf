import { upgradeAndPay } from '../payments/support';
import { call, signUp } from '../support/api';
import { answerKeyOf, expectNoCorrectOptionIn, expectNoKeyIn } from '../matrix/answer-key';
import { waitForJob } from '../tutor/course-fixture';
import { plannedDiplomado } from '../support/model-jobs';

// A diplomado's answers show its courses and their progress, never their evaluations' key.

it('never carries the answer key of its courses\' evaluations', async () => {
  const learner = await signUp('Clara');
  const token = learner.tokens.accessToken;
  await upgradeAndPay(token);
  const { diplomadoId } = await plannedDiplomado(token, { topic: 'Fotografía digital', level: 'principiante' });
  const started = await call('POST', '/diplomado/course', { token, body: { diplomadoId, index: 0 } });
  expect(started.status).toBe(200);
  expect((await waitForJob(token, started.body.jobId, 60000)).status).toBe('completado');
  const courseId = started.body.curso.courseId;
  expect((await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })).status).toBe(200);
  await call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
  const key = await answerKeyOf(learner.user.id, courseId);
  expect(key.correct.length).toBeGreaterThan(0);

  const bodies = [
    started.body,
    (await call('GET', '/diplomado', { token })).body,
    (await call('GET', `/diplomado/${diplomadoId}`, { token })).body,
    (await call('POST', '/diplomado/course', { token, body: { diplomadoId, index: 0 } })).body,
  ];
  for (const body of bodies) {
    expectNoKeyIn(body, key);
    expectNoCorrectOptionIn(JSON.stringify(body), key);
  }
}, 90000);
