import { call } from '../support/api';
import { learnerWithCourse } from './course-fixture';

test('the free plan gets 20 tutor messages a day, then 429 in Spanish with nothing written', async () => {
  const learner = await learnerWithCourse('Historia de Roma');
  const send = () => call('POST', '/ai-tutor/chat', { token: learner.token, body: { courseId: learner.courseId, message: '¿Qué aprendo en los fundamentos de historia de roma?' } });
  // Sent at once: the conditional counter must not let concurrent messages past the limit.
  const answers = await Promise.all(Array.from({ length: 22 }, send));
  const okCount = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 429);
  expect(okCount).toBe(20);
  expect(refused).toHaveLength(2);
  expect(refused[0].body.message).toBe(
    'Has alcanzado el límite de 20 mensajes diarios con el tutor de tu plan gratuito. Vuelve mañana o pásate a premium para seguir preguntando.',
  );
  const remaining = answers.filter((a) => a.status === 200).map((a) => a.body.data.cuota.restantes).sort((a, b) => a - b);
  expect(remaining[0]).toBe(0);
  expect(remaining.at(-1)).toBe(19);
  const context = await call('GET', `/ai-tutor/context/${learner.courseId}`, { token: learner.token });
  expect(context.body.data.cuota).toMatchObject({ usados: 20, restantes: 0 });
}, 60000);
