import { type CourseItem, type GenerationInput, type ModuleSlots, RunSuperseded, slotToken } from '../course-model';

// Issue 42: a module's lessons start as soon as the module is written. The state machine runs the
// Outline beside a Map of module slots, one per module asked (state-machine.asl.json, Parallel
// "Writing"); each slot first waits in ModuleReady (a task token) for its module, then writes its
// lessons and its evaluation exactly as before. A slot is answered with its module when the module
// is stored (outline-task.ts, while the outline streams) or, for a course whose learner reviews the
// outline first, when ReleaseModules runs after the review; with `{}` (nothing to write) when the
// finished outline has fewer modules than asked. docs/pipeline.md "Modules start as they stream".

type Course = GenerationInput['course'];
/** The Map's item: slot n (1-based) of the modules asked, with ModuleReady's task token. */
export interface SlotInput { course: Course; slot: number; token: string }
/** ReleaseModules, after the outline (and its review) in the Outline branch. */
export interface ReleaseInput { course: Course; resume?: boolean; release: true }

export interface SlotDeps {
  slots: ModuleSlots;
  /** SendTaskSuccess with the slot's token (turn-wake.ts); false when it no longer waits. */
  answer: (token: string, output: object) => Promise<boolean>;
}

/** What a slot gets, if it can be answered now: its module, `{}` when the finished outline has no such module, nothing yet otherwise. */
export function slotAnswer(course: CourseItem, slot: number, gated: boolean): { titulo: string; module: CourseItem['modulos'][number] } | Record<string, never> | undefined {
  // A course reviewed by its learner starts no lesson before the review is over.
  if (gated && !course.modulosLiberados) return undefined;
  const module = course.modulos?.[slot - 1];
  // A module shown before the rest of its plan was written waits for it: its lessons are written from the plan.
  if (module?.planPendiente) return undefined;
  if (module) return { titulo: course.titulo, module };
  const complete = Boolean(course.modulos?.length) && !course.temarioParcial;
  return complete ? {} : undefined;
}

async function answerSlot(deps: SlotDeps, c: Course, course: CourseItem, slot: number, gated: boolean) {
  const token = slotToken(course, slot);
  const out = token && slotAnswer(course, slot, gated);
  if (!token || !out) return;
  await deps.answer(token, out);
  await deps.slots.forget(c.userId, c.courseId, slot, token);
}

/** ModuleReady: keeps the slot's token on the course, and answers it at once when its module is already there. */
export async function moduleReadyTask(deps: SlotDeps, { course: c, slot, token }: SlotInput) {
  const course = await deps.slots.register(c.userId, c.courseId, c.jobId, slot, token);
  if (!course) throw new RunSuperseded(`Run ${c.jobId} no longer generates this course`);
  await answerSlot(deps, c, course, slot, Boolean(c.revisarTemario));
  return { slot };
}

/** After the Outline stored module `slot` (or completed its plan) while streaming: its slot starts now if it already waits. */
export async function moduleStored(deps: SlotDeps, c: Course, slot: number) {
  const course = await deps.slots.read(c.userId, c.courseId);
  if (course) await answerSlot(deps, c, course, slot, false);
}

/** ReleaseModules: the outline is final (written, and reviewed when asked); every waiting slot gets its module or `{}`. */
export async function releaseModulesTask(deps: SlotDeps, { course: c }: ReleaseInput) {
  const course = await deps.slots.release(c.userId, c.courseId, c.jobId);
  if (!course) throw new RunSuperseded(`Run ${c.jobId} no longer generates this course`);
  for (let slot = 1; slot <= c.modulos; slot++) await answerSlot(deps, c, course, slot, false);
  return { modulos: course.modulos.length };
}
