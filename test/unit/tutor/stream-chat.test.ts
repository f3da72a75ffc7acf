import { ModelError } from '../../../lambdas/shared/ai/model-errors';
import type { StreamingModel } from '../../../lambdas/shared/ai/converse-stream';
import { streamTutorChat, type TutorEvent } from '../../../lambdas/tutor/stream-chat';
import { evaluation, scriptedModel, tutorDeps } from './fakes';

// The streamed tutor answer: deltas only after the guard, quota and history as the JSON answer,
// the code-written hints when the model gives a pending answer away, the verifier's retraction.

const ASK_PENDING = '¿Qué regla geométrica se usa para sumar dos vectores libres?';

/** A streaming model that writes `respuesta` in 6-character pieces, and notes whether it was stopped. */
function streamed(respuesta: string) {
  const seen = { stopped: false, pieces: 0 };
  const stream = (async (_spec, _data, options) => {
    let text = '';
    for (const piece of respuesta.match(/[\s\S]{1,6}/g) ?? []) {
      if (options.signal?.aborted) {
        seen.stopped = true;
        return { text, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'tutor-v2', stopped: true };
      }
      seen.pieces++;
      text += piece;
      options.onText(piece);
    }
    return { value: { respuesta, tipo: 'explicacion', sugerencias: ['¿Y en tres dimensiones?'] }, text, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'tutor-v2', stopped: false };
  }) as StreamingModel;
  return { stream, seen };
}

async function run(respuesta: string, message: string, verifier = scriptedModel()) {
  const { stream, seen } = streamed(respuesta);
  const t = tutorDeps(verifier.model, { evaluations: [evaluation()] });
  const events: TutorEvent[] = [];
  await streamTutorChat({ ...t.deps, stream }, 'ana', { courseId: 'c1', message }, (e) => events.push(e));
  const deltas = events.filter((e) => e.type === 'delta').map((e) => e.text);
  return { events, deltas, last: events.at(-1)!, seen, t };
}

test('streams a clean answer sentence by sentence, then the whole answer, kept in the history', async () => {
  const { deltas, last, t } = await run('Un vector tiene magnitud. También dirección. ¿Lo ves?', '¿Qué es un vector?');
  expect(deltas).toEqual(['Un vector tiene magnitud. ', 'También dirección. ', '¿Lo ves?']);
  expect(last).toMatchObject({ type: 'done', data: { respuesta: deltas.join(''), tipo: 'explicacion', sugerencias: ['¿Y en tres dimensiones?'], cuota: { usados: 1 } } });
  const [conv] = [...t.conversations.values()];
  expect(conv.turnos.at(-1)).toMatchObject({ rol: 'tutor', texto: deltas.join('') });
});

test('stops the model at the sentence that gives a pending answer away and ends with hints written in code', async () => {
  const { deltas, last, seen } = await run('Piensa en la figura. Es la regla del paralelogramo, sin duda. Y mucho texto más que nunca debería escribirse.', ASK_PENDING);
  expect(deltas).toEqual(['Piensa en la figura. ']);
  expect(seen.stopped).toBe(true);
  expect(last.type).toBe('done');
  const data = (last as Extract<TutorEvent, { type: 'done' }>).data;
  expect(data.tipo).toBe('pistas');
  expect(data.respuesta).toContain('no te voy a dar la respuesta');
  expect(data.respuesta).not.toMatch(/paralelogramo/i);
});

test('the paraphrase verifier reads the whole answer at the end and retracts it with hints', async () => {
  const verifier = scriptedModel({ revela: true, preguntas: [1] } as never);
  const { deltas, last } = await run('Se suman dibujando la figura de cuatro lados con lados opuestos paralelos que forman dos vectores libres.', ASK_PENDING, verifier);
  expect(deltas.join('')).toContain('cuatro lados');
  expect(verifier.calls).toHaveLength(1);
  expect((last as Extract<TutorEvent, { type: 'done' }>).data.respuesta).toContain('no te voy a dar la respuesta');
});

/** A streaming model that writes `respuesta` in pieces and then stops at the length cap. */
const cutAtMaxTokens = (respuesta: string) =>
  (async (_spec, _data, options) => {
    for (const piece of respuesta.match(/[\s\S]{1,6}/g) ?? []) options.onText(piece);
    return { text: respuesta, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'tutor-v2', stopReason: 'max_tokens', stopped: false };
  }) as StreamingModel;

test('an answer cut at max_tokens after two sentences were shown keeps its unit spent and ends as an answer', async () => {
  const t = tutorDeps(scriptedModel().model, {});
  const events: TutorEvent[] = [];
  await streamTutorChat({ ...t.deps, stream: cutAtMaxTokens('Un vector tiene magnitud. También tiene dirección. Y además un sent') }, 'ana', { courseId: 'c1', message: '¿Qué es un vector?' }, (e) => events.push(e));
  const deltas = events.filter((e) => e.type === 'delta').map((e) => e.text);
  expect(deltas).toEqual(['Un vector tiene magnitud. ', 'También tiene dirección. ']);
  expect([...t.used.values()]).toEqual([1]);
  expect(events.at(-1)).toMatchObject({ type: 'done', data: { respuesta: deltas.join('').trim(), cuota: { usados: 1 } } });
  const [conv] = [...t.conversations.values()];
  expect(conv.turnos.at(-1)).toMatchObject({ rol: 'tutor', texto: deltas.join('').trim() });
});

test('an answer cut at max_tokens before any sentence was shown is an error and gives the unit back', async () => {
  const t = tutorDeps(scriptedModel().model, {});
  const events: TutorEvent[] = [];
  await streamTutorChat({ ...t.deps, stream: cutAtMaxTokens('Un vector tiene magn') }, 'ana', { courseId: 'c1', message: '¿Qué es un vector?' }, (e) => events.push(e));
  expect(events).toEqual([{ type: 'error', message: expect.any(String) }]);
  expect([...t.used.values()]).toEqual([0]);
});

test('a model failure after sentences were shown ends with an error but keeps the unit spent', async () => {
  const t = tutorDeps(scriptedModel().model, {});
  const stream = (async (_spec, _data, options) => {
    options.onText('Un vector tiene magnitud. ');
    options.onText('Y dir');
    throw new ModelError('ModelUnavailable', 'connection reset');
  }) as StreamingModel;
  const events: TutorEvent[] = [];
  await streamTutorChat({ ...t.deps, stream }, 'ana', { courseId: 'c1', message: 'Hola' }, (e) => events.push(e));
  expect(events.map((e) => e.type)).toEqual(['delta', 'error']);
  expect([...t.used.values()]).toEqual([1]);
});

test('a model failure after the quota is taken ends with a Spanish error and gives the unit back', async () => {
  const t = tutorDeps(scriptedModel().model, {});
  const stream = (async () => {
    throw new ModelError('ModelTimeout', 'no answer');
  }) as unknown as StreamingModel;
  const events: TutorEvent[] = [];
  await streamTutorChat({ ...t.deps, stream }, 'ana', { courseId: 'c1', message: 'Hola' }, (e) => events.push(e));
  expect(events).toEqual([{ type: 'error', message: expect.stringMatching(/^El servicio de IA/) }]);
  expect([...t.used.values()]).toEqual([0]);
  expect(t.conversations.size).toBe(0);
});

test("another learner's course throws 404 before anything is streamed or counted", async () => {
  const { stream } = streamed('Hola.');
  const t = tutorDeps(scriptedModel().model, {});
  const events: TutorEvent[] = [];
  await expect(streamTutorChat({ ...t.deps, stream }, 'luis', { courseId: 'c1', message: 'Hola' }, (e) => events.push(e))).rejects.toMatchObject({ status: 404 });
  expect(events).toEqual([]);
  expect(t.used.size).toBe(0);
});
