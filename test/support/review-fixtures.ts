import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { installClock, systemClock } from '../../lambdas/shared/clock';
import { documentClient } from '../../lambdas/shared/clients';
import { invoke } from './invoke';
import { generatedCourse, learner } from './learners';

// Spaced review fixtures for the handlers project: a learner who failed questions of an evaluation
// (chosen wrong on purpose, from the bank in the table) and a clock moved forward in this process,
// where the handlers run, so cards made "tomorrow" are due without waiting.

type Shown = { preguntaId: string; opciones: { opcion: string; texto: string }[] };

/** Answers every question of the module's current variant with a wrong option; returns the wrong ids. */
export async function failedEvaluation(userId: string, courseId: string, moduleId = 'm01') {
  const shown = await invoke('POST /evaluacion/generate', { userId, body: { courseId, moduleId } });
  const item = await documentClient().send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `USER#${userId}`, sk: `COURSE#${courseId}#E#${moduleId}` } }));
  const bank = new Map((item.Item?.preguntas as { preguntaId: string; opciones: string[]; correcta: string }[]).map((q) => [q.preguntaId, q]));
  const answers = (shown.body.data.preguntas as Shown[]).map((p) => {
    const q = bank.get(p.preguntaId)!;
    const right = q.opciones['ABCD'.indexOf(q.correcta)];
    return { preguntaId: p.preguntaId, opcion: p.opciones.find((o) => o.texto !== right)!.opcion };
  });
  const graded = await invoke('POST /courses/{id}/modules/{moduleId}/evaluation', { userId, params: { id: courseId, moduleId }, body: { answers } });
  if (graded.status !== 200) throw new Error(`grading answered ${graded.status}: ${JSON.stringify(graded.body)}`);
  return answers.map((a) => a.preguntaId);
}

/** A learner with a generated course who failed every question of its first evaluation. */
export async function learnerWithMistakes() {
  const { userId } = await learner();
  const { courseId } = await generatedCourse(userId);
  const wrong = await failedEvaluation(userId, courseId);
  return { userId, courseId, wrong };
}

/** Runs `work` with the handlers' clock `ms` ahead of the system clock, then puts it back. */
export async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  installClock({ now: () => new Date(Date.now() + ms) });
  try {
    return await work();
  } finally {
    installClock(systemClock);
  }
}

/** Runs `work` with the handlers' clock standing still at `instant`, then puts it back. */
export async function at<T>(instant: Date, work: () => Promise<T>): Promise<T> {
  installClock({ now: () => new Date(instant) });
  try {
    return await work();
  } finally {
    installClock(systemClock);
  }
}

export const DAY_MS = 86_400_000;
/** A day and a minute: every card made now is due. */
export const TOMORROW = DAY_MS + 60_000;
