import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { objectiveKey, type EvaluationQuestionResult } from '../contract';
import { type CourseItem, courseKey, type EvaluationItem, type LessonItem, lessonKey } from '../course-model';
import { clock } from '../shared/clock';
import { logger } from '../shared/logger';
import { dynamoCardStore, type CardStore } from './card-store';
import { cardFromBankQuestion, cardFromPractice, cardsFromLesson, type AnsweredPractice } from './cards';
import { lessonObjective } from './lesson-reader';
import { answeredState, newCardState } from './scheduling';

// Where other features hand work to spaced review: a graded evaluation attempt (its wrong
// questions), a completed lesson (its self-check questions, plus a unit of weekly activity) and a
// Refuerzo guiado practice item answered (right or wrong: the answer is its first review).
// Cards are a by-product of the learner's action, never its condition: a failure here is logged
// and the action's own answer stands (a completion written twice is harmless: each question's
// dedupe marker makes one card, whatever its random id).

/** A question answered wrong and where its result sent the learner to study. */
export type WrongAnswer = Pick<EvaluationQuestionResult, 'preguntaId' | 'repasar' | 'conceptoErroneo' | 'objetivoId'>;

export interface ReviewHooks {
  evaluationGraded: (userId: string, e: EvaluationItem, moduleTitle: string, wrong: WrongAnswer[]) => Promise<void>;
  lessonProgress: (userId: string, courseId: string, p: { moduleId: string; lessonId: string; estado: string }) => Promise<void>;
  /** Issue 32 item 6: the first answer to a practice item; a right one comes back in days, a wrong one tomorrow. */
  practiceAnswered: (userId: string, p: AnsweredPractice, correct: boolean) => Promise<void>;
}

export type { AnsweredPractice };

const quietly = async (what: string, work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    logger.warn(`review hook failed: ${what}`, { error: error as Error });
  }
};

type ReadLesson = (userId: string, courseId: string, moduleId: string, lessonId: string) => Promise<{ titulo: string; contenido?: string; objetivo?: string } | undefined>;

/** `now` is the injected clock (lambdas/shared/clock.ts), whatever the calling feature reads. */
export function reviewHooks(cards: CardStore, readLesson: ReadLesson, now: () => Date = () => clock.now()): ReviewHooks {
  return {
    evaluationGraded: (userId, e, moduleTitle, wrong) =>
      quietly('evaluation', async () => {
        const answers = new Map(wrong.map((w) => [w.preguntaId, w]));
        const questions = e.preguntas.filter((q) => answers.has(q.preguntaId));
        const at = now();
        const card = (q: (typeof questions)[number], w = answers.get(q.preguntaId)) =>
          cardFromBankQuestion(e.courseId, e.moduleId, moduleTitle, q, w?.repasar, w?.conceptoErroneo, w?.objetivoId && objectiveKey(e.moduleId, w.objetivoId));
        if (questions.length) await cards.addCards(userId, questions.map((q) => card(q)), newCardState(at), at);
      }),
    lessonProgress: (userId, courseId, p) =>
      p.estado !== 'completado'
        ? Promise.resolve()
        : quietly('lesson', async () => {
            const lesson = await readLesson(userId, courseId, p.moduleId, p.lessonId);
            const made = lesson?.contenido ? cardsFromLesson(courseId, p.moduleId, p.lessonId, lesson.titulo, lesson.contenido, lesson.objetivo) : [];
            const at = now();
            await Promise.all([made.length ? cards.addCards(userId, made, newCardState(at), at) : 0, cards.addActivity(userId, at)]);
          }),
    practiceAnswered: (userId, p, correct) =>
      quietly('practice', async () => {
        const at = now();
        await cards.addCards(userId, [cardFromPractice(p)], answeredState(correct ? 'bien' : 'otra_vez', at), at);
      }),
  };
}

/** The hooks on the table: the lesson's text and its title from the outline, read in parallel. */
export function dynamoReviewHooks(db: DynamoDBDocumentClient, TableName: string): ReviewHooks {
  return reviewHooks(dynamoCardStore(db, TableName), async (userId, courseId, moduleId, lessonId) => {
    const [course, lesson] = await Promise.all([
      db.send(new GetCommand({ TableName, Key: courseKey(userId, courseId), ProjectionExpression: 'modulos' })),
      db.send(new GetCommand({ TableName, Key: lessonKey(userId, courseId, moduleId, lessonId), ProjectionExpression: 'contenido' })),
    ]);
    const outline = (course.Item as Pick<CourseItem, 'modulos'> | undefined)?.modulos;
    const lessons = outline?.find((m) => m.moduleId === moduleId)?.lecciones ?? [];
    const titulo = lessons.find((l) => l.lessonId === lessonId)?.titulo ?? lessonId;
    const objetivo = lessonObjective(lessons, moduleId, lessonId);
    return lesson.Item ? { titulo, contenido: (lesson.Item as LessonItem).contenido, ...(objetivo && { objetivo }) } : undefined;
  });
}
