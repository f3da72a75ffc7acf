import { parseDiagram } from '../lambdas/contract/diagrams';
import type { CourseItem, LessonItem } from '../lambdas/course-model/course-items';
import type { DiagramOutcome } from '../lambdas/shared/ai/diagram-repair';
import { diagramBlocks } from '../lambdas/shared/ai/lesson-diagrams';
import { taughtLanguage } from '../lambdas/shared/ai/text-checks';
import { labelLanguage } from './eval-quality-labels';

// Issue 43 item 4: the diagrams of a generated course, in eval:quality. What the writer did with them
// comes from each Lesson task's `diagramas` (diagram-repair.ts): written, drawable as first written,
// repaired, dropped. What the learner would get is read back from the stored lessons with the
// contract's validator: a stored block that cannot be drawn is a defect, and so is a featured course's
// team-written diagram that fails (it should never need the repair turn) or a label of it in another
// language than Spanish (eval-quality-labels.ts: a label too short to tell is not counted either way).

export interface DiagramFigures {
  lecciones: number;
  escritos: number;
  validos: number;
  reparados: number;
  descartados: number;
  /** Diagrams in the stored lessons, all drawable unless `defectos` says otherwise. */
  guardados: number;
  /** The most nodes in one stored diagram (the validator's limit is 12). */
  maxNodos: number;
  /** Of the stored diagrams, the share whose caption or labels name one of its module's key terms. */
  terminos: number;
  /** The stored diagrams' labels (titles and node texts) by language: Spanish, another, too short to tell. */
  etiquetas: { espanol: number; otras: number; cortas: number };
  defectos: string[];
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function diagramFigures(course: CourseItem, lessons: LessonItem[], outcomes: (DiagramOutcome | undefined)[], featured = false): DiagramFigures {
  const sum = (k: keyof DiagramOutcome) => outcomes.reduce((n, o) => n + (o?.[k] ?? 0), 0);
  const defectos: string[] = [];
  let guardados = 0;
  let maxNodos = 0;
  let named = 0;
  const etiquetas = { espanol: 0, otras: 0, cortas: 0 };
  const taught = taughtLanguage(course.topic);
  for (const l of lessons) {
    const terms = (course.modulos.find((m) => m.moduleId === l.moduleId)?.plan?.terminosClave ?? []).map(fold);
    for (const b of diagramBlocks(l.contenido ?? '')) {
      const where = `${l.moduleId}/${l.lessonId}`;
      if (b.problems.length) {
        defectos.push(`${where}: el diagrama ${b.n} guardado no se puede dibujar: ${b.problems.join(' ')}`);
        continue;
      }
      const d = parseDiagram(b.body).diagram!;
      guardados++;
      maxNodos = Math.max(maxNodos, d.nodos.length);
      const text = fold([d.titulo, ...d.nodos.map((n) => n.texto)].join(' '));
      if (terms.some((t) => t && text.includes(t))) named++;
      for (const label of [d.titulo, ...d.nodos.map((n) => n.texto)]) {
        const verdict = labelLanguage(label, taught);
        if (verdict === 'spa') etiquetas.espanol++;
        else if (verdict === 'corto') etiquetas.cortas++;
        else {
          etiquetas.otras++;
          if (featured) defectos.push(`${where}: la etiqueta «${label}» del diagrama ${b.n} no está en español`);
        }
      }
    }
  }
  const escritos = sum('escritos');
  const validos = sum('validos');
  if (featured && validos < escritos) defectos.push(`${escritos - validos} de los ${escritos} diagramas del equipo no pasan el validador`);
  return { lecciones: lessons.length, escritos, validos, reparados: sum('reparados'), descartados: sum('descartados'), guardados, maxNodos, terminos: guardados ? named / guardados : 0, etiquetas, defectos };
}

const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)} %` : '–');

/** The figures in one cell: per lesson, then of those written, the valid, repaired and dropped shares. */
export const diagramCell = (d: DiagramFigures) =>
  d.escritos
    ? `${(d.guardados / Math.max(d.lecciones, 1)).toFixed(1)}/lección · válidos ${pct(d.validos, d.escritos)} · reparados ${pct(d.reparados, d.escritos)} · ` +
    `descartados ${pct(d.descartados, d.escritos)} · máx. ${d.maxNodos} nodos · términos ${pct(d.terminos * d.guardados, d.guardados)} · ` +
    `etiquetas en español ${pct(d.etiquetas.espanol, d.etiquetas.espanol + d.etiquetas.otras)}${d.etiquetas.cortas ? ` (${d.etiquetas.cortas} sin decidir)` : ''}${d.defectos.length ? ` · ✗ ${d.defectos.length}` : ''}`
    : `ninguno${d.defectos.length ? ` · ✗ ${d.defectos.length}` : ''}`;
