import { signUp } from '../support/api';
import { useOwnStack } from '../support/own-stack';
import { generateCourse } from '../courses/support/courses';
import { dynamoFaults, faultHits, retrying, unexplained5xx } from './drill-support';

// Drill (issue 13): a learner marks lessons while DynamoDB fails under them: errors before the
// write and, worse, writes applied whose answer is lost (the client then retries a change that
// already happened). Nothing may be counted twice or lost: after the storm, the course's counters
// equal its lessons' own states, and every 5xx told the learner what happened in Spanish.

useOwnStack();

it('keeps progress and its counters exact while writes fail or lose their answers', async () => {
  const { tokens } = await signUp('Tormenta');
  const token = tokens.accessToken;
  const { courseId } = await generateCourse(token, { topic: 'Meteorología', level: 'principiante', modulos: 3, leccionesPorModulo: 4 });
  const lessons = Array.from({ length: 12 }, (_, i) => ({ moduleId: `m0${Math.floor(i / 4) + 1}`, lessonId: `l0${(i % 4) + 1}` }));

  await dynamoFaults([
    { operation: 'TransactWriteItems', error: 'ServiceUnavailable', after: true, rate: 0.2 },
    { operation: 'TransactWriteItems', error: 'InternalServerError', rate: 0.2 },
    { operation: 'UpdateItem', error: 'InternalServerError', after: true, rate: 0.2 },
    { operation: 'GetItem', error: 'ProvisionedThroughputExceededException', rate: 0.2 },
    { operation: 'Query', latencyMs: 150, rate: 0.3 },
  ]);
  // Every lesson completed, some set back to "en curso" and completed again, all at once.
  const storm = lessons.flatMap((l, i) => [
    { ...l, estado: 'completado' },
    ...(i % 3 === 0 ? [{ ...l, estado: 'en_curso' }, { ...l, estado: 'completado' }] : []),
  ]);
  await Promise.all(storm.map((body) => retrying('POST', `/courses/${courseId}/progress`, { token, body })));
  const hits = await faultHits();
  await dynamoFaults([]);

  // The learner's client eventually says again what it shows (idempotent): every lesson completed.
  for (const body of lessons) expect((await retrying('POST', `/courses/${courseId}/progress`, { token, body: { ...body, estado: 'completado' } })).status).toBe(200);
  const progress = (await retrying('GET', `/courses/${courseId}/progress`, { token })).body.data;
  const mine = (await retrying('GET', '/courses/my-courses', { token })).body.data;
  const card = mine.find((c: { courseId: string }) => c.courseId === courseId);
  expect(Object.values(hits).reduce((a, b) => a + b, 0)).toBeGreaterThan(5);
  expect(progress.progreso).toMatchObject({ completadas: 12, total: 12, porcentaje: 100 });
  expect(card.progreso.completadas).toBe(12);
  expect(unexplained5xx()).toEqual([]);
}, 180_000);
