import type { EvaluationItem } from '../course-model';

// The learner's recent evaluation attempts as the tutor sees them: which questions they got
// wrong and the option they chose, so the tutor can name the misconception behind a wrong answer.
// Read from the evaluation items (their `intentos`, answers in the bank's own option letters).
// Never the correct option: only what the learner chose and that it was wrong, which the
// attempt's own result already told them.

export const RECENT_ATTEMPTS = 3;
const LETTERS = ['A', 'B', 'C', 'D'];

export interface RecentAttempt {
  modulo: string;
  fecha: string;
  nota: number;
  aprobado: boolean;
  fallos: { enunciado: string; elegida: string }[];
}

export function recentAttempts(evaluations: EvaluationItem[], moduleTitles: Map<string, string>, limit = RECENT_ATTEMPTS): RecentAttempt[] {
  return evaluations
    .flatMap((e) => (e.intentos ?? []).map((a) => ({ e, a })))
    .sort((x, y) => y.a.fecha.localeCompare(x.a.fecha))
    .slice(0, limit)
    .map(({ e, a }) => {
      const byId = new Map((e.preguntas ?? []).map((q) => [q.preguntaId, q]));
      const fallos = Object.entries(a.respuestas ?? {}).flatMap(([id, letter]) => {
        const q = byId.get(id);
        if (!q || letter === q.correcta) return [];
        const elegida = q.opciones[LETTERS.indexOf(letter)];
        return elegida === undefined ? [] : [{ enunciado: q.enunciado, elegida: typeof elegida === 'string' ? elegida : String((elegida as { texto?: string }).texto) }];
      });
      return { modulo: moduleTitles.get(e.moduleId) ?? e.moduleId, fecha: a.fecha, nota: a.score, aprobado: a.aprobado, fallos: fallos.slice(0, 5) };
    });
}
