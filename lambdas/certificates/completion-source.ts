import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type CourseItem, courseSk, DIPLOMADO_PREFIX, type DiplomadoItem, type EvaluationItem, type LessonItem, lessonProgress, parseCourseSk } from '../course-model';
import { userPk } from '../shared/table';
import { queryAll } from '../shared/table-query';
import type { CourseRecord, DiplomadoRecord } from './completion';

/** What the completion check reads, all in the learner's own partition. */
export interface CompletionSource {
  /** The course's outline, lesson progress and evaluation attempts: one Query, no lesson text or question bank. */
  course(userId: string, courseId: string): Promise<CourseRecord | undefined>;
  learnerName(userId: string): Promise<string>;
  diplomados(userId: string): Promise<DiplomadoRecord[]>;
}

export function dynamoCompletionSource(db: DynamoDBDocumentClient, TableName: string): CompletionSource {
  return {
    async course(userId, courseId) {
      const items = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': courseSk(courseId) },
        ProjectionExpression: 'sk, titulo, nivel, estado, modulos, progresoLecciones, moduleId, lessonId, progreso, intentos',
      });
      const kind = (i: Record<string, unknown>) => parseCourseSk(String(i.sk)).kind;
      const course = items.find((i) => kind(i) === 'course') as CourseItem | undefined;
      if (!course) return undefined;
      const lessons = items.filter((i) => kind(i) === 'lesson') as unknown as LessonItem[];
      const evaluations = items.filter((i) => kind(i) === 'evaluation') as unknown as EvaluationItem[];
      const passed = new Map<string, number>();
      for (const e of evaluations) {
        const best = Math.max(-1, ...(e.intentos ?? []).filter((a) => a.aprobado).map((a) => a.score));
        if (best >= 0) passed.set(e.moduleId, best);
      }
      return {
        courseId,
        titulo: course.titulo,
        nivel: course.nivel,
        estado: course.estado,
        modulos: (course.modulos ?? []).map((m) => ({ moduleId: m.moduleId, titulo: m.titulo, lessonIds: m.lecciones.map((l) => l.lessonId) })),
        completed: new Set(lessons.filter((l) => lessonProgress(course, l.moduleId, l.lessonId, l.progreso) === 'completado').map((l) => `${l.moduleId}/${l.lessonId}`)),
        passed,
      };
    },

    async learnerName(userId) {
      const out = await db.send(new GetCommand({ TableName, Key: { pk: userPk(userId), sk: 'PROFILE' }, ProjectionExpression: 'nombre' }));
      return String(out.Item?.nombre ?? '').trim();
    },

    async diplomados(userId) {
      const items = await queryAll(db, {
        TableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': DIPLOMADO_PREFIX },
        ProjectionExpression: 'diplomadoId, titulo, nivel, cursos',
      });
      return (items as unknown as DiplomadoItem[]).map((d) => ({ diplomadoId: d.diplomadoId, titulo: d.titulo, nivel: d.nivel, courseIds: d.cursos.map((c) => c.courseId) }));
    },
  };
}
