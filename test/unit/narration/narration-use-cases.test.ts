import { contentVersion, getNarration, LESSON_NOT_FOUND, narrationText, startNarration, type NarrationDeps, type NarrationJob } from '../../../lambdas/narration';
import { narrationMinutes } from '../../../lambdas/plans';

// Narrating a lesson behind its ports: another learner's lesson is 404 and the minutes exhausted are
// 429, both before anything is synthesized or charged; the first request claims the job and reserves
// the minutes before it starts two tasks and pays, later ones are free and start nothing; simultaneous
// first plays start one synthesis; Polly refusing to start gives the minutes and the claim back; a
// regenerated lesson is another content version (new audio). The fakes answer as the conditional
// writes do (narration-store.ts): a claim or a reservation is taken or refused in one step.

const L1 = { courseId: 'c1', moduleId: 'm01', lessonId: 'l1' };
const LESSON = '# La luz\nLas plantas usan la luz. También usan agua.';

const tick = () => new Promise((resolve) => setImmediate(resolve));

function fakes(opts: { usados?: number; limite?: number; startFails?: boolean } = {}) {
  const lessons = new Map([['ana/c1/m01/l1', LESSON]]);
  const jobs = new Map<string, NarrationJob>();
  const started: { text: string; voice: string; prefix: string }[] = [];
  const charged: number[] = [];
  const month = { usados: opts.usados ?? 0 };
  const limite = opts.limite ?? 30;
  const status = new Map<string, 'generando' | 'lista' | 'error'>();
  const deps: NarrationDeps = {
    lesson: async (userId, { courseId, moduleId, lessonId }) => {
      await tick();
      const contenido = lessons.get(`${userId}/${courseId}/${moduleId}/${lessonId}`);
      return contenido ? { contenido } : undefined;
    },
    jobs: {
      get: async (userId, prefix) => (await tick(), jobs.get(`${userId}|${prefix}`)),
      claim: async (userId, job, staleBefore) => {
        await tick();
        const k = `${userId}|${job.prefix}`;
        const there = jobs.get(k);
        if (there && there.estado !== 'error' && !(!there.audioTask && (there.reclamadoEn ?? '') < staleBefore)) return false;
        jobs.set(k, job);
        return true;
      },
      started: async (userId, job) => {
        const k = `${userId}|${job.prefix}`;
        if (jobs.get(k)?.claim !== job.claim) return false;
        jobs.set(k, job);
        return true;
      },
      release: async (userId, prefix, claim) => {
        if (jobs.get(`${userId}|${prefix}`)?.claim === claim) jobs.delete(`${userId}|${prefix}`);
      },
      update: async (userId, job) => void jobs.set(`${userId}|${job.prefix}`, job),
    },
    tasks: {
      start: async (input) => {
        await tick();
        if (opts.startFails) throw new Error('ServiceFailureException');
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
      reserve: async (_userId, characters) => {
        await tick();
        const m = narrationMinutes(characters);
        if (month.usados + m > limite) return { renuevaEl: '2026-12-01T00:00:00.000Z' };
        month.usados += m;
        return { release: async () => void (month.usados -= m), charge: async () => void charged.push(characters) };
      },
    },
    minutesOf: narrationMinutes,
  };
  return { deps, lessons, jobs, started, charged, status, month };
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

it('makes one synthesis and one charge of six simultaneous first plays of one lesson', async () => {
  const f = fakes();
  const answers = await Promise.all(Array.from({ length: 6 }, () => startNarration(f.deps, 'ana', L1, 'Lucia')));
  expect(answers.every((a) => a.estado === 'generando')).toBe(true);
  expect(f.started).toHaveLength(1);
  expect(f.charged).toHaveLength(1);
  expect(f.month.usados).toBe(1);
});

it('never reserves past the plan: twelve simultaneous lessons of three minutes on a 30-minute month start exactly ten', async () => {
  const long = Array.from({ length: 40 }, (_, i) => `La frase número ${i} de una lección larga sobre la luz y el agua.`).join('\n\n');
  const f = fakes();
  const refs = Array.from({ length: 12 }, (_, i) => ({ courseId: 'c1', moduleId: 'm01', lessonId: `l${i}` }));
  for (const r of refs) f.lessons.set(`ana/c1/m01/${r.lessonId}`, long);
  expect(narrationMinutes(narrationText(long).length)).toBe(3);
  const answers = await Promise.allSettled(refs.map((r) => startNarration(f.deps, 'ana', r, 'Lucia')));
  expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
  expect(answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected').every((a) => a.reason.status === 429)).toBe(true);
  expect(f.started).toHaveLength(10);
  expect(f.month.usados).toBe(30);
  // The refused ones left no claim behind: with minutes again (a new month), they start.
  f.month.usados = 0;
  expect(await startNarration(f.deps, 'ana', refs[11], 'Lucia')).toMatchObject({ estado: expect.any(String) as string });
});

it('gives the minutes and the claim back when Polly refuses to start: the next POST tries again', async () => {
  const f = fakes({ startFails: true });
  await expect(startNarration(f.deps, 'ana', L1, 'Lucia')).rejects.toThrow('ServiceFailureException');
  expect(f.month.usados).toBe(0);
  expect(f.jobs.size).toBe(0);
  expect(f.charged).toEqual([]);
});

it('takes over a claim whose request died before Polly started, once it is stale; a fresh one is answered as generando', async () => {
  const f = fakes();
  const text = 'La luz.\nLas plantas usan la luz. También usan agua.';
  const prefix = `narration/ana/c1/m01/l1/${contentVersion(text)}/Lucia/`;
  f.jobs.set(`ana|${prefix}`, { prefix, estado: 'generando', caracteres: text.length, claim: 'muerta', reclamadoEn: new Date().toISOString() });
  expect(await startNarration(f.deps, 'ana', L1, 'Lucia')).toMatchObject({ estado: 'generando' });
  expect(f.started).toHaveLength(0);
  f.jobs.set(`ana|${prefix}`, { prefix, estado: 'generando', caracteres: text.length, claim: 'muerta', reclamadoEn: new Date(Date.now() - 120_000).toISOString() });
  expect(await getNarration(f.deps, 'ana', L1, 'Lucia')).toMatchObject({ estado: 'error' });
  expect(await startNarration(f.deps, 'ana', L1, 'Lucia')).toMatchObject({ estado: 'generando' });
  expect(f.started).toHaveLength(1);
});
