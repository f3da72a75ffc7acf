import { call, signUp } from '../support/api';
import { jobResult } from '../support/model-jobs';
import { generateCourse, rightOfflineOption, wrongOfflineOption } from './support/courses';
import { courseBudgetUsd, expectPricedByTable } from './support/course-budget';
import { LOCAL_REGION } from '../../../infra/local/local-aws';
import { modelIdFor } from '../../../lambdas/shared/ai/model-table';

// A whole course through the real local stack: gateway and authorizer, handlers, DynamoDB Local,
// the local Step Functions runner executing the deployed ASL, and the local Bedrock (offline writer).

describe('generating a course in demonstration mode', () => {
  let token: string;
  let courseId: string;
  let job: any;
  let plan: any;

  beforeAll(async () => {
    ({ tokens: { accessToken: token } } = await signUp('Carmen'));
    ({ plan, job, courseId } = await generateCourse(token, { topic: 'Historia de Roma', level: 'intermedio', modulos: 2, leccionesPorModulo: 3 }));
  });

  /** A learner and a 2×3 course of the test's own, for tests that change or read progress: none relies on another's. */
  async function ownCourse() {
    const { tokens } = await signUp('Carmen');
    const own = await generateCourse(tokens.accessToken, { topic: 'Historia de Roma', level: 'intermedio', modulos: 2, leccionesPorModulo: 3 });
    return { token: tokens.accessToken, courseId: own.courseId };
  }

  it('answers at once with the course, generating, and its job', () => {
    expect(plan).toMatchObject({ success: true, jobId: expect.any(String), curso: { courseId: expect.any(String), estado: 'generando', nivel: 'intermedio' } });
  });

  it('finishes the job with every step counted and the course as result', () => {
    // A step per module of the outline (it streams, issue 42), 6 lessons, 2 evaluations, the final check.
    expect(job).toMatchObject({ status: 'completado', step: 'completado', done: 2 + 6 + 2 + 1, total: 11, result: { courseId } });
  });

  it('shows the outline, every lesson written and every evaluation ready, labelled as demonstration', async () => {
    const res = await call('GET', `/courses/${courseId}`, { token });
    expect(res.status).toBe(200);
    const course = res.body.data;
    expect(course).toMatchObject({ estado: 'listo', modo: 'demostracion', topic: 'Historia de Roma' });
    expect(course.modulos).toHaveLength(2);
    for (const m of course.modulos) {
      expect(m.lecciones).toHaveLength(3);
      // Lessons follow the module's plan (its objectives are shown) and have every section, the solution folded.
      expect(m.objetivos.length).toBeGreaterThanOrEqual(2);
      for (const l of m.lecciones) expect(l).toMatchObject({ estado: 'lista', progreso: 'pendiente', contenido: expect.stringMatching(/^### Objetivos de la lección[\s\S]*### Ejercicio[\s\S]*#### Solución[\s\S]*### Resumen/) });
      expect(m.evaluacion).toMatchObject({ estado: 'lista', preguntas: 20, intentos: [] });
    }
  });

  it('records token usage and the model per course', async () => {
    const { uso } = (await call('GET', `/courses/${courseId}`, { token })).body.data;
    expect(uso.tokensEntrada).toBeGreaterThan(0);
    expect(uso.tokensSalida).toBeGreaterThan(0);
    // Offline the Lambdas still call the model table's ids, so the course is priced as those models
    // would be: the writer's purposes on the routed writer, the blind verifier on its own model.
    const writer = modelIdFor(LOCAL_REGION, 'lesson');
    const verifier = modelIdFor(LOCAL_REGION, 'verifier');
    for (const p of ['outline', 'evaluation'] as const) expect(modelIdFor(LOCAL_REGION, p)).toBe(writer);
    expect(uso.modelos).toEqual([writer, verifier].sort());
    expect(uso.porModelo.map((m: { modelId: string }) => m.modelId)).toEqual([writer, verifier].sort());
    for (const m of uso.porModelo) expect(m.tokensSalida).toBeGreaterThan(0);
    expectPricedByTable(uso);
    expect(uso.costeEstimadoUSD).toBeGreaterThan(0);
    expect(uso.costeEstimadoUSD).toBeLessThanOrEqual(courseBudgetUsd(2, 3, (p) => modelIdFor(LOCAL_REGION, p)));
  });

  it('lists the course among the learner\'s courses with its progress', async () => {
    const { token, courseId } = await ownCourse();
    const res = await call('GET', '/courses/my-courses', { token });
    expect(res.body.data).toEqual([expect.objectContaining({ courseId, estado: 'listo', progreso: { completadas: 0, total: 6, porcentaje: 0 } })]);
  });

  it('keeps lesson progress and derives module and course percentages on the server', async () => {
    const { token, courseId } = await ownCourse();
    const post = await call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
    expect(post.status).toBe(200);
    expect(post.body.data.progreso).toEqual({ completadas: 1, total: 6, porcentaje: 17 });
    expect(post.body.data.modulos[0].progreso).toEqual({ completadas: 1, total: 3, porcentaje: 33 });
    await call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm01', lessonId: 'l02', estado: 'en_curso' } });
    const get = await call('GET', `/courses/${courseId}/progress`, { token });
    expect(get.body.data.lecciones.slice(0, 3).map((l: any) => l.estado)).toEqual(['completado', 'en_curso', 'pendiente']);
    const mine = await call('GET', '/courses/my-courses', { token });
    expect(mine.body.data[0]).toMatchObject({ progreso: { porcentaje: 17 }, ultimaLeccion: { moduleId: 'm01', lessonId: 'l02' } });
  });

  it('refuses progress on a lesson the course does not have', async () => {
    const res = await call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm09', lessonId: 'l01', estado: 'completado' } });
    expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos esa lección en tu curso.' } });
  });

  it('regenerates a lesson without touching the learner\'s progress', async () => {
    const { token, courseId } = await ownCourse();
    await call('POST', `/courses/${courseId}/progress`, { token, body: { moduleId: 'm01', lessonId: 'l01', estado: 'completado' } });
    const res = await call('POST', '/lesson/generate', { token, body: { courseId, moduleId: 'm01', lessonId: 'l01' } });
    expect(await jobResult(token, res)).toEqual({ kind: 'leccion', courseId, moduleId: 'm01', lessonId: 'l01' });
    const lesson = (await call('GET', `/courses/${courseId}`, { token })).body.data.modulos[0].lecciones[0];
    expect(lesson).toMatchObject({ lessonId: 'l01', estado: 'lista', progreso: 'completado' });
    expect((await call('GET', `/courses/${courseId}/progress`, { token })).body.data.progreso.completadas).toBe(1);
  });

  it('serves 20 questions without answers; a failure names the wrong ones and what to review, never the key; a retake gets others; a pass explains every option (issues 12, 20)', async () => {
    const ev = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })).body.data;
    expect(ev.preguntas).toHaveLength(20);
    expect(JSON.stringify(ev)).not.toMatch(/"(correcta|explicacion|explicaciones|fuente|lessonId|revision)"/);
    const keyTexts = ev.preguntas.map((q: any) => q.opciones.find((o: any) => o.opcion === rightOfflineOption(q.opciones)).texto);
    const answers = ev.preguntas.map((q: any, i: number) => ({ preguntaId: q.preguntaId, opcion: i < 2 ? rightOfflineOption(q.opciones) : wrongOfflineOption(q.opciones) }));

    const failed = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { answers } });
    expect(failed.body.data).toMatchObject({ intento: 1, score: 10, aprobado: false, correctas: 2, total: 20, intentosRestantesHoy: 1 });
    for (const r of failed.body.data.resultados.slice(2)) {
      // Issue 32: each wrong answer names its objective and the misconception its chosen option reveals (never the key).
      expect(r).toEqual({ preguntaId: expect.any(String), enunciado: expect.any(String), correcta: false, opcionElegida: expect.any(String), objetivoId: expect.stringMatching(/^o\d$/), conceptoErroneo: expect.any(String), repasar: { lessonId: expect.stringMatching(/^l0/), leccion: expect.any(String), seccion: expect.any(String) } });
    }
    const failedJson = JSON.stringify(failed.body);
    expect(failedJson).not.toMatch(/opcionCorrecta|explicacion|revision/);
    for (const text of keyTexts.slice(2)) expect(failedJson).not.toContain(text);
    // The answered set is gone: it cannot be resubmitted with the answers corrected.
    expect((await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { answers } })).status).toBe(409);

    const retake = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })).body.data;
    const before = new Set(ev.preguntas.map((q: any) => q.preguntaId));
    expect(retake.preguntas.filter((q: any) => before.has(q.preguntaId))).toEqual([]);
    const right = retake.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: rightOfflineOption(q.opciones) }));
    const passed = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { answers: right } });
    expect(passed.body.data).toMatchObject({ intento: 2, score: 100, aprobado: true });
    for (const r of passed.body.data.resultados) {
      expect(r.revision.opciones).toHaveLength(4);
      expect(r.revision.opciones.filter((o: any) => o.correcta)).toEqual([expect.objectContaining({ opcion: r.opcionElegida })]);
      for (const o of r.revision.opciones) expect(o.explicacion.length).toBeGreaterThan(10);
    }
    const course = (await call('GET', `/courses/${courseId}`, { token })).body.data;
    expect(course.modulos[0].evaluacion).toMatchObject({ aprobada: true, intentos: [{ intento: 1, score: 10 }, { intento: 2, score: 100 }] });
  });

  it('counts one of two simultaneous submissions of the same questions, and never grades a set from a replaced bank', async () => {
    const { token, courseId } = await ownCourse();
    const ev = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })).body.data;
    const answers = ev.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: wrongOfflineOption(q.opciones) }));
    const both = await Promise.all([1, 2].map(() => call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { answers } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    const before = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } })).body.data;
    const job = await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01', regenerar: true } });
    expect(await jobResult(token, job)).toEqual({ kind: 'evaluacion', courseId, moduleId: 'm01' });
    const fresh = await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm01' } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.preguntas).toHaveLength(20);
    expect(fresh.body.data.varianteId).not.toBe(before.varianteId);
    const stale = before.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: rightOfflineOption(q.opciones) }));
    const refused = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { varianteId: before.varianteId, answers: stale } });
    expect(refused).toMatchObject({ status: 409, body: { success: false, message: 'Estas preguntas ya no son las de tu intento actual. Vuelve a cargar la evaluación.' } });
  });

  it('allows 2 attempts per module in 24 hours, then answers 429 in Spanish; a job writes new questions once the first day\'s are used (issue 20)', async () => {
    const met = new Set<string>();
    const attempt = async () => {
      const ev = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm02' } })).body.data;
      for (const q of ev.preguntas) {
        expect(met.has(q.preguntaId)).toBe(false);
        met.add(q.preguntaId);
      }
      const answers = ev.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: wrongOfflineOption(q.opciones) }));
      return call('POST', `/courses/${courseId}/modules/m02/evaluation`, { token, body: { answers } });
    };
    for (let i = 1; i <= 2; i++) expect((await attempt()).body.data).toMatchObject({ intento: i, score: 0, intentosRestantesHoy: 2 - i });
    // The 40 questions of the first day are all met: the next attempt needs new ones, written by a job.
    const job = await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm02' } });
    expect(job).toMatchObject({ status: 202, body: { success: true, message: 'Estamos preparando preguntas nuevas', data: { estado: 'generando' } } });
    expect(await jobResult(token, job)).toEqual({ kind: 'evaluacion', courseId, moduleId: 'm02' });
    const ev = (await call('POST', '/evaluacion/generate', { token, body: { courseId, moduleId: 'm02' } })).body.data;
    expect(ev).toMatchObject({ intentosRestantesHoy: 0, proximoIntentoEn: expect.any(String) });
    expect(ev.preguntas.filter((q: any) => met.has(q.preguntaId))).toEqual([]);
    const answers = ev.preguntas.map((q: any) => ({ preguntaId: q.preguntaId, opcion: wrongOfflineOption(q.opciones) }));
    const third = await call('POST', `/courses/${courseId}/modules/m02/evaluation`, { token, body: { answers } });
    expect(third).toMatchObject({ status: 429, body: { success: false, message: expect.stringMatching(/^Has hecho los 2 intentos permitidos en 24 horas para este módulo\. Repasa las lecciones y vuelve dentro de/) } });
  });

  it('refuses an answer letter outside A–D in Spanish', async () => {
    const res = await call('POST', `/courses/${courseId}/modules/m01/evaluation`, { token, body: { answers: [{ preguntaId: 'p1', opcion: 'E' }] } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'La opción debe ser A, B, C o D' } });
  });
});

describe('course suggestions', () => {
  it('suggests 3 to 6 courses and answers the same normalised question from the cache', async () => {
    const { tokens } = await signUp();
    const topic = `Jardinería ${Date.now().toString(36)}`;
    const first = await call('POST', '/courses/suggestions', { token: tokens.accessToken, body: { topic, level: 'principiante' } });
    const a = { body: { data: (await jobResult(tokens.accessToken, first)).sugerencias } };
    expect(a.body.data.length).toBeGreaterThanOrEqual(3);
    expect(a.body.data.length).toBeLessThanOrEqual(6);
    expect(a.body.data[0]).toEqual({ titulo: expect.any(String), descripcion: expect.any(String), nivel: 'principiante', duracionEstimada: expect.any(String), aprenderas: expect.any(Array) });
    const b = await call('POST', '/courses/suggestions', { token: tokens.accessToken, body: { topic: `  ${topic.toLowerCase()} `, level: 'principiante' } });
    expect(b).toMatchObject({ status: 200, body: { data: a.body.data } });
  });
});

describe('a plan request that fails validation', () => {
  it('answers 400 in Spanish and writes nothing', async () => {
    const { tokens } = await signUp();
    const token = tokens.accessToken;
    const bad = [
      [{ topic: 'Python', level: 'experto' }, 'El nivel debe ser principiante, intermedio o avanzado'],
      [{ topic: 'P', level: 'principiante' }, 'El tema debe tener al menos 2 caracteres'],
      [{ topic: 'Python', level: 'principiante', precio: 0 }, 'Campo no permitido: precio'],
    ] as const;
    for (const [body, message] of bad) {
      expect(await call('POST', '/courses/plan', { token, body })).toMatchObject({ status: 400, body: { success: false, message } });
    }
    expect((await call('GET', '/courses/my-courses', { token })).body.data).toEqual([]);
  });
});
