import { withSourcedLinks } from '../shared/ai/links';
import { prompts } from '../shared/ai/prompts';
import { outlineModuleOutput, outlineModuleVisibleOutput, type OutlineModuleOutput, type OutlineModuleVisibleOutput } from '../shared/ai/schemas';
import { consistentObjectives, type GenerationInput, lessonIdAt, moduleIdAt, type OutlineModule, trimOutline } from '../course-model';
import { outlineLimit } from '../plans';
import { logger } from '../shared/logger';
import { markStage } from '../shared/stages';
import { moduleCheckpoints } from './outline-stream';
import { groundingOf, materialsOf, ofRun, spendOf, type TaskDeps } from './task-deps';
import { moduleStored } from './module-slots';

// The Outline task (issue 42: streamed). The outline call streams its tool input; each module is
// stored as soon as it is complete and valid (outline-stream.ts), so the learner sees it at once,
// and the job moves one step per module. The whole answer is validated, repaired or asked again as
// every structured call is (structured-output.ts); the modules it adds beyond those already shown
// are stored at its end, with the course's header, the real lesson total and the mode.

/** Steps of a course job: one per module of the outline, its lessons, one evaluation per module, the final check. */
export const courseSteps = (modulos: number, lessons: number) => modulos + lessons + modulos + 1;

type PlanFields = Pick<OutlineModuleOutput, 'terminosClave' | 'conceptosErroneos' | 'ejemploConductor'>;

/**
 * A module of the model's answer as the course keeps it: positional ids, objectives cross-checked with
 * its lessons. Its visible part alone (issue 42, shown while the outline streams) has no plan yet: `planPendiente`.
 */
export function courseModule(m: OutlineModuleVisibleOutput & Partial<PlanFields>, index: number): OutlineModule {
  // Issue 32: objectives as data, renumbered and cross-checked with the lessons that teach them.
  const { objetivos, lecciones } = consistentObjectives(m.objetivos, m.lecciones);
  const { terminosClave, conceptosErroneos, ejemploConductor } = m;
  return {
    moduleId: moduleIdAt(index),
    titulo: m.titulo,
    descripcion: m.descripcion,
    ...(terminosClave && conceptosErroneos && ejemploConductor !== undefined
      ? { plan: { objetivos: objetivos.map((o) => o.enunciado), terminosClave, conceptosErroneos, ejemploConductor } }
      : { planPendiente: true as const }),
    objetivos,
    lecciones: lecciones.map((l, j) => ({ lessonId: lessonIdAt(j), titulo: l.titulo, resumen: l.resumen, objetivos: l.objetivos })),
  };
}

export async function outlineTask(all: TaskDeps, { course: c, resume }: GenerationInput) {
  markStage('outline-task', c.courseId);
  const deps = ofRun(all, c);
  const reading = deps.store.get(c.userId, c.courseId);
  if (resume) {
    const stored = await reading;
    // A whole outline already written (a resumed course): its lessons go on from it, no model call.
    if (stored?.modulos?.length && !stored.temarioParcial) {
      const lessons = stored.modulos.reduce((n, m) => n + m.lecciones.length, 0);
      await deps.gen.updateJob(c.userId, c.jobId, { step: 'contenido', done: stored.modulos.length, total: courseSteps(stored.modulos.length, lessons) });
      return { titulo: stored.titulo, modulos: stored.modulos };
    }
  }
  // Modules stored before this task ended (it runs again, or the course is resumed) stay as they are. A first
  // run reads them beside the model's request (issue 42: one round trip less before the first token); the
  // stream waits for them before it shows a module (outline-stream.ts), and a failed read fails the outline.
  const kept = reading.then((stored) => (stored?.temarioParcial ? stored.modulos : []));
  kept.catch(() => undefined);
  // A course from the learner's materials follows their structure: headings and page openings, bounded.
  const material = c.materiales?.length ? await groundingOf(deps).digest(c.userId, await materialsOf(deps, c)) : undefined;
  // Issue 31: a link is kept only if the learner's material has it (a topic's or a model's address never).
  const sourced = <T>(value: T) => withSourcedLinks(value, material ? [JSON.stringify(material)] : []);
  // The request was checked against the plan when the course was created; a model that writes
  // more modules or lessons than asked is cut here, before any lesson is written or paid for.
  const limit = outlineLimit({ modulos: c.modulos, leccionesPorModulo: c.leccionesPorModulo });
  const asked = courseSteps(c.modulos, c.modulos * c.leccionesPorModulo);
  const checkpoints = moduleCheckpoints({
    kept,
    most: limit.modulos,
    shown: (index) => markStage('module-complete', c.courseId, index),
    prepare: (raw, index) => {
      const parsed = outlineModuleOutput.safeParse(raw);
      return parsed.success ? courseModule(trimOutline([sourced(parsed.data)], { ...limit, modulos: 1 }).modulos[0], index) : undefined;
    },
    prepareVisible: (raw, index) => {
      const parsed = outlineModuleVisibleOutput.safeParse(raw);
      return parsed.success ? courseModule(trimOutline([sourced(parsed.data)], { ...limit, modulos: 1 }).modulos[0], index) : undefined;
    },
    save: async (index, module, header) => {
      await deps.gen.saveModule(c.userId, c.courseId, index, module, header);
      await deps.gen.updateJob(c.userId, c.jobId, { step: 'contenido', done: 1, total: asked });
      markStage('module-stored', c.courseId, index);
      // Its lessons start now (its module slot waits for it), unless the learner reviews the outline first
      // or the module's plan is still to come (then when it is stored, below).
      if (!c.revisarTemario && !module.planPendiente && deps.slots) await moduleStored(deps.slots, c, index + 1);
    },
    completePlan: async (index, plan) => {
      await deps.gen.completeModulePlan(c.userId, c.courseId, index, plan);
      if (!c.revisarTemario && deps.slots) await moduleStored(deps.slots, c, index + 1);
    },
  });
  const data = { topic: c.topic, level: c.level, objetivos: c.objetivos, modulos: c.modulos, leccionesPorModulo: c.leccionesPorModulo, ...(material && { material }) };
  // The stages of the first module's path (shared/stages.ts): the request built, its first token.
  const onStream = () => {
    markStage('outline-request', c.courseId);
    const sink = checkpoints.sink();
    let first = true;
    return (fragment: string) => {
      if (first) markStage('outline-first-token', c.courseId);
      first = false;
      sink(fragment);
    };
  };
  const result = await deps.model(prompts.outline, data, { onStream }).catch(async (error: unknown) => {
    // The modules shown stay (the course is failed or the task runs again); their writes end first.
    await checkpoints.settled().catch(() => undefined);
    throw error;
  });
  const o = sourced(result.value);
  const size = trimOutline(o.modulos, limit);
  if (size.trimmed) logger.warn('outline longer than asked; trimmed', { courseId: c.courseId, modulos: o.modulos.length, asked: c.modulos });
  const answered = size.modulos.map((m, i) => courseModule(m, i));
  // A module shown before its plan and still without one takes it from the whole answer (or the outline fails).
  const shown = await checkpoints.complete(answered);
  const modulos = [...shown, ...answered.slice(shown.length)];
  await deps.gen.completeOutline(c.userId, c.courseId, { titulo: o.titulo, descripcion: o.descripcion, objetivos: o.objetivos, modulos }, { stored: shown.length, demo: result.demo });
  await deps.gen.spend(c.userId, c.courseId, spendOf(result, 'outline'));
  const lessons = modulos.reduce((n, m) => n + m.lecciones.length, 0);
  // A resumed course's job is new: the modules kept from the failed run count in it too.
  await deps.gen.updateJob(c.userId, c.jobId, { step: 'contenido', done: modulos.length - shown.length + (resume ? (await kept).length : 0), total: courseSteps(modulos.length, lessons) });
  return { titulo: o.titulo, modulos };
}
