import { contentVersion, getNarration, LESSON_NOT_FOUND, startNarration, type NarrationDeps, type NarrationJob } from '../../../lambdas/narration';
import { narrationMinutes } from '../../../lambdas/plans';

// Narrating a lesson behind its ports: another learner's lesson is 404 and the minutes exhausted are
// 429, both before anything is synthesized or charged; the first request starts two tasks and pays,
// later ones are free and start nothing; a regenerated lesson is another content version (new audio).

const L1 = { courseId: 'c1', moduleId: 'm01', lessonId: 'l1' };
const LESSON = '# La luz\nLas plantas usan la luz. También usan agua.';

function fakes(opts: { usados?: number; limite?: number } = {}) {
  const lessons = new Map([['ana/c1/m01/l1', LESSON]]);
  const jobs = new Map<string, NarrationJob>();
  const started: { text: string; voice: string; prefix: string }[] = [];
  const charged: number[] = [];
  const status = new Map<string, 'generando' | 'lista' | 'error'>();
  const deps: NarrationDeps = {
    lesson: async (userId, { courseId, moduleId, lessonId }) => {
      const contenido = lessons.get(`${userId}/${courseId}/${moduleId}/${lessonId}`);
      return contenido ? { contenido } : undefined;
    },
    jobs: {
      get: async (userId, prefix) => jobs.get(`${userId}|${prefix}`),
      create: async (userId, job) => {
        const k = `${userId}|${job.prefix}`;
        if (!jobs.has(k)) jobs.set(k, job);
        return jobs.get(k)!;
      },
      update: async (userId, job) => void jobs.set(`${userId}|${job.prefix}`, job),
    },
    tasks: {
      start: async (input) => {
        started.push(input);
        const n = started.length;
        status.set(`a${n}`, 'generando').set(`m${n}`, 'generando');
        return { audioTask: `a${n}`, marksTask: `m${n}` };
      },
      status: async (taskId) => {
        const estado = status.get(taskId) ?? 'error';
        return { estado, ...(estado === 'lista' && { key: `out/${taskId}` }) };
      },
    },
    link: async (key) => `https://firmado.example/${key}?X-Amz-Expires=300`,
    allowance: {
      minutes: async () => ({ usados: opts.usados ?? 0, limite: opts.limite ?? 30, renuevaEl: '2026-12-01T00:00:00.000Z' }),
      charge: async (_userId, characters) => void charged.push(characters),
    },
    minutesOf: narrationMinutes,
  };
  return { deps, lessons, jobs, started, charged, status };
}

it('answers another learner\'s lesson, or a missing one, 404 in Spanish: nothing started, nothing charged', async () => {
  const f = fakes();
  await expect(startNarration(f.deps, 'eva', L1, 'Lucia')).rejects.toMatchObject({ status: 404, message: LESSON_NOT_FOUND });
  await expect(startNarration(f.deps, 'ana', { courseId: 'c1', moduleId: 'm01', lessonId: 'otra' }, 'Lucia')).rejects.toMatchObject({ status: 404 });
  await expect(getNarration(f.deps, 'eva', L1, 'Lucia')).rejects.toMatchObject({ status: 404 });
  expect(f.started).toEqual([]);
  expect(f.charged).toEqual([]);
});

it('answers 429 in Spanish when the month\'s minutes would be exceeded: nothing started, nothing charged', async () => {
  const f = fakes({ usados: 30, limite: 30 });
  await expect(startNarration(f.deps, 'ana', L1, 'Lucia')).rejects.toMatchObject({
    status: 429, message: 'Has usado los minutos de narración de tu plan este mes. Se renuevan el 1 de diciembre.',
  });
  expect(f.started).toEqual([]);
  expect(f.charged).toEqual([]);
});

it('starts once and charges once; later requests start nothing and are free; ready gives short-lived links', async () => {
  const f = fakes();
  const first = await startNarration(f.deps, 'ana', L1, 'Pedro');
  expect(first).toEqual({ estado: 'generando', voz: 'Pedro', minutos: 1 });
  expect(f.started).toHaveLength(1);
  expect(f.started[0].text).toBe('La luz.\nLas plantas usan la luz. También usan agua.');
  expect(f.started[0].prefix).toBe(`narration/ana/c1/m01/l1/${contentVersion(f.started[0].text)}/Pedro/`);
  expect(f.charged).toEqual([f.started[0].text.length]);
  expect(await startNarration(f.deps, 'ana', L1, 'Pedro')).toMatchObject({ estado: 'generando' });
  f.status.set('a1', 'lista').set('m1', 'lista');
  expect(await getNarration(f.deps, 'ana', L1, 'Pedro')).toEqual({
    estado: 'lista', voz: 'Pedro', minutos: 1, audioUrl: 'https://firmado.example/out/a1?X-Amz-Expires=300', marcasUrl: 'https://firmado.example/out/m1?X-Amz-Expires=300',
  });
  expect(await startNarration(f.deps, 'ana', L1, 'Pedro')).toMatchObject({ estado: 'lista', audioUrl: expect.any(String) as string });
  expect(f.started).toHaveLength(1);
  expect(f.charged).toHaveLength(1);
});

it('another voice or a regenerated lesson is new audio under another key; a failed job is tried again', async () => {
  const f = fakes();
  await startNarration(f.deps, 'ana', L1, 'Lucia');
  await startNarration(f.deps, 'ana', L1, 'Mia');
  f.lessons.set('ana/c1/m01/l1', `${LESSON}\nUna frase nueva.`);
  await startNarration(f.deps, 'ana', L1, 'Lucia');
  expect(new Set(f.started.map((s) => s.prefix)).size).toBe(3);
  f.status.set('a3', 'error');
  expect(await getNarration(f.deps, 'ana', L1, 'Lucia')).toMatchObject({ estado: 'error' });
  expect(await startNarration(f.deps, 'ana', L1, 'Lucia')).toMatchObject({ estado: 'generando' });
  expect(f.started).toHaveLength(4);
  expect(f.charged).toHaveLength(4);
});
