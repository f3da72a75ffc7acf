import type { CourseItem, EvaluationItem } from '../../../lambdas/course-model/course-items';
import type { CourseStore } from '../../../lambdas/course-model/course-store';
import type { TutorOutput } from '../../../lambdas/shared/ai/prompts/tutor';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { emptyConversation, type Conversation } from '../../../lambdas/tutor/history';
import { dailyTutorQuota } from '../../../lambdas/tutor/quota';
import type { TutorStore } from '../../../lambdas/tutor/tutor-store';
import type { TutorDeps } from '../../../lambdas/tutor/use-cases';

export const course = (over: Partial<CourseItem> = {}): CourseItem => ({
  courseId: 'c1', userId: 'ana', jobId: 'j1', topic: 'Álgebra lineal', nivel: 'principiante', titulo: 'Álgebra lineal desde cero',
  descripcion: 'Curso', objetivos: [], estado: 'listo', modo: 'ia', solicitud: { modulos: 2, leccionesPorModulo: 2 },
  modulos: [
    { moduleId: 'm01', titulo: 'Vectores', descripcion: 'd', lecciones: [{ lessonId: 'l01', titulo: 'Qué es un vector', resumen: 'Magnitud y dirección' }, { lessonId: 'l02', titulo: 'Suma de vectores', resumen: 'Regla del paralelogramo' }] },
    { moduleId: 'm02', titulo: 'Matrices', descripcion: 'd', lecciones: [{ lessonId: 'l01', titulo: 'Qué es una matriz', resumen: 'Tablas de números' }, { lessonId: 'l02', titulo: 'Producto de matrices', resumen: 'Filas por columnas' }] },
  ],
  totalLecciones: 4, completadas: 0, tokensEntrada: 0, tokensSalida: 0, createdAt: '2026-01-01', updatedAt: '2026-01-01', ...over,
});

export const evaluation = (over: Partial<EvaluationItem> = {}): EvaluationItem => ({
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'v1',
  preguntas: [
    {
      preguntaId: 'p1',
      enunciado: '¿Qué regla geométrica se usa para sumar dos vectores libres?',
      opciones: ['La regla de Cramer', 'La regla del paralelogramo', 'La regla de Sarrus', 'La regla de la cadena'],
      correcta: 'B',
      explicacion: 'La suma de vectores se dibuja con el paralelogramo.',
    },
  ],
  // The learner has opened the evaluation: its attempt holds p1 (what the tutor's leak checks guard).
  variante: { id: 'var1', bankVersion: 'v1', preguntas: [{ preguntaId: 'p1', orden: [0, 1, 2, 3] }] },
  ...over,
});

/** An in-memory TutorStore held to the DynamoDB store's cases (test/support/store-cases/tutor-store.ts). */
export function fakeTutorStore(seed: { evaluations?: EvaluationItem[]; content?: string; plan?: 'gratuito' | 'premium' } = {}) {
  const conversations = new Map<string, Conversation>();
  const used = new Map<string, number>();
  const plans = new Map<string, 'gratuito' | 'premium'>();
  const store: TutorStore = {
    conversation: async (u, c) => structuredClone(conversations.get(`${u}/${c}`) ?? emptyConversation()),
    saveConversation: async (u, c, conv, expected) => {
      const current = conversations.get(`${u}/${c}`)?.version ?? 0;
      if (current !== expected) return false;
      conversations.set(`${u}/${c}`, { ...structuredClone(conv), version: expected + 1 });
      return true;
    },
    clearConversation: async (u, c) => void conversations.delete(`${u}/${c}`),
    evaluations: async (u) => (u === 'ana' ? seed.evaluations ?? [] : []),
    lessonContent: async () => seed.content ?? '## Lección\n\nContenido de la lección.',
    consumeMessage: async (u, day, limit) => {
      const n = used.get(`${u}/${day}`) ?? 0;
      if (n >= limit) return undefined;
      used.set(`${u}/${day}`, n + 1);
      return n + 1;
    },
    refundMessage: async (u, day) => void used.set(`${u}/${day}`, (used.get(`${u}/${day}`) ?? 0) - 1),
    messagesUsed: async (u, day) => used.get(`${u}/${day}`) ?? 0,
    plan: async (u) => plans.get(u) ?? seed.plan ?? 'gratuito',
  };
  const setPlan = async (u: string, plan: 'gratuito' | 'premium') => void plans.set(u, plan);
  return { store, conversations, used, setPlan };
}

export const fakeCourses = (c: CourseItem = course()): CourseStore =>
  ({
    items: async (u: string, id: string) => (u === c.userId && id === c.courseId ? { course: c, lessons: [], evaluations: [] } : undefined),
    get: async (u: string, id: string) => (u === c.userId && id === c.courseId ? c : undefined),
  }) as unknown as CourseStore;

/** A model that answers the scripted replies in order and records the data it was sent. */
export function scriptedModel(...replies: (Partial<TutorOutput> | Error)[]) {
  const calls: Record<string, unknown>[] = [];
  const model = (async (_spec: unknown, data: Record<string, unknown>) => {
    calls.push(data);
    const next = replies[Math.min(calls.length - 1, replies.length - 1)];
    if (next instanceof Error) throw next;
    return { value: { respuesta: 'Respuesta', tipo: 'explicacion', sugerencias: [], ...next }, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'm', promptVersion: 'tutor-v1', demo: false };
  }) as unknown as StructuredModel;
  return { model, calls };
}

export function tutorDeps(model: StructuredModel, seed: Parameters<typeof fakeTutorStore>[0] = {}, limits = { gratuito: 20, premium: 200 }) {
  const tutor = fakeTutorStore(seed);
  const deps: TutorDeps = { courses: fakeCourses(), tutor: tutor.store, model, quota: dailyTutorQuota(tutor.store, limits, () => new Date('2026-11-22T10:00:00Z')) };
  return { deps, ...tutor };
}
