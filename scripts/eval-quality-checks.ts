import { legacyObjectives } from '../lambdas/contract';
import type { CourseItem, EvaluationItem, LessonItem } from '../lambdas/course-model/course-items';
import { outlineOutput } from '../lambdas/shared/ai/schemas';
import { chatterProblems, isSpanish, lessonStructureProblems, shortTextProblems, taughtLanguage } from '../lambdas/shared/ai/text-checks';

// What the quality report checks on a generated course, after the pipeline stored it. Every check
// returns problems as Spanish sentences; `defect` marks the ones that fail the run (a structural
// defect: something a learner would see broken), the rest are figures to read.

const LETTERS = ['A', 'B', 'C', 'D'];
const optionText = (o: unknown) => (typeof o === 'string' ? o : String((o as { texto?: string })?.texto ?? ''));

/** The stored outline still passes the outline schema, plan included. */
export function outlineSchemaProblems(course: CourseItem): string[] {
  const parsed = outlineOutput.safeParse({
    titulo: course.titulo,
    descripcion: course.descripcion,
    objetivos: course.objetivos,
    // Issue 32: the stored objectives are data on the module, the plan keeps their statements; lessons name their ids.
    modulos: course.modulos.map((m) => ({
      titulo: m.titulo,
      descripcion: m.descripcion,
      ...m.plan,
      objetivos: m.objetivos ?? legacyObjectives(m.lecciones),
      lecciones: m.lecciones.map((l, i) => ({ titulo: l.titulo, resumen: l.resumen, objetivos: l.objetivos ?? [`o${i + 1}`] })),
    })),
  });
  return parsed.success ? [] : parsed.error.issues.slice(0, 5).map((i) => `esquema: ${i.path.join('.')}: ${i.message}`);
}

export function lessonChecks(lessons: LessonItem[], topic = '') {
  const spanish: string[] = [];
  const structure: string[] = [];
  for (const l of lessons) {
    const where = `${l.moduleId}/${l.lessonId}`;
    if (l.estado !== 'lista' || !l.contenido) {
      structure.push(`${where}: sin contenido`);
      continue;
    }
    if (!isSpanish(l.contenido, taughtLanguage(topic))) spanish.push(`${where}: no está en español`);
    for (const p of [...lessonStructureProblems(l.contenido), ...chatterProblems([l.contenido])]) structure.push(`${where}: ${p}`);
  }
  return { spanish, structure };
}

export function evaluationChecks(course: CourseItem, evaluations: EvaluationItem[]) {
  const spanish: string[] = [];
  const keys: string[] = [];
  const positions: Record<string, number> = { A: 0, B: 0, C: 0, D: 0 };
  let questions = 0;
  for (const m of course.modulos) {
    const e = evaluations.find((x) => x.moduleId === m.moduleId);
    if (!e || e.estado !== 'lista' || !e.preguntas?.length) {
      keys.push(`${m.moduleId}: sin evaluación`);
      continue;
    }
    for (const q of e.preguntas) {
      questions++;
      const options = (q.opciones as unknown[]).map(optionText);
      const where = `${m.moduleId}/${q.preguntaId}`;
      if (options.length !== 4 || new Set(options.map((o) => o.trim().toLowerCase())).size !== 4) keys.push(`${where}: no tiene cuatro opciones distintas`);
      if (!LETTERS.includes(q.correcta)) keys.push(`${where}: sin una clave válida`);
      else positions[q.correcta]++;
      for (const p of shortTextProblems([q.enunciado, ...options], taughtLanguage(course.topic))) if (p.check === 'idioma') spanish.push(`${where}: ${p.message}`);
    }
  }
  return { spanish, keys, positions, questions };
}
