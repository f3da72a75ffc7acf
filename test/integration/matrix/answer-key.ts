import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '../payments/support';

// The answer key never leaves the server before a pass (DESIGN §4): no answer carries a key
// field, no stored explanation, and no text the server wrote names a correct option.

/** Fields that only the server's copy of an evaluation has. */
export const KEY_FIELDS = /"(correcta|opcionCorrecta|explicacion|explicaciones|respuestas)"/;

export interface AnswerKey {
  /** The text of each question's correct option. */
  correct: string[];
  /** Every stored explanation (of the correct option and, when present, of each option). */
  explanations: string[];
}

/** The learner's stored evaluations of a course, read from the table, reduced to their key. */
export async function answerKeyOf(userId: string, courseId: string): Promise<AnswerKey> {
  const { db, name } = table();
  const out = await db.send(
    new QueryCommand({
      TableName: name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sk': `COURSE#${courseId}#E#` },
    }),
  );
  const questions = (out.Items ?? []).flatMap((e) => (e.preguntas ?? []) as { opciones: string[]; correcta: string; explicacion: string; explicaciones?: string[] }[]);
  return {
    correct: questions.map((q) => q.opciones['ABCD'.indexOf(q.correcta)]),
    explanations: questions.flatMap((q) => [q.explicacion, ...(q.explicaciones ?? [])]).filter(Boolean),
  };
}

/** Fails when a response body carries a key field or one of the key's explanations. */
export function expectNoKeyIn(body: unknown, key: AnswerKey) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(KEY_FIELDS);
  for (const explanation of key.explanations) expect(text).not.toContain(explanation);
}

/** Fails when text the server wrote (not the learner's own words) contains a correct option. */
export function expectNoCorrectOptionIn(serverText: string, key: AnswerKey) {
  for (const option of key.correct) expect(serverText).not.toContain(option);
}

/**
 * The part of the key the learner could use: the correct options of the questions they have been
 * shown (their open attempts). A lesson sentence that is the key of a bank question never drawn is
 * lesson content the tutor may quote (lambdas/tutor/context.ts, inSight).
 */
export function openKey(key: AnswerKey, shown: { opciones: { texto: string }[] }[]): AnswerKey {
  const texts = new Set(shown.flatMap((q) => q.opciones.map((o) => o.texto)));
  return { ...key, correct: key.correct.filter((c) => texts.has(c)) };
}
