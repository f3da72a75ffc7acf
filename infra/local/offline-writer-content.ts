import type { Data } from './offline-writer';

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});

export function offlineEvaluation(d: Data) {
  const modulo = obj(d.modulo);
  const moduleTitle = str(modulo.titulo, 'este módulo');
  const lecciones = Array.isArray(modulo.lecciones) ? (modulo.lecciones as Data[]) : [];
  const count = Math.min(Math.max(typeof d.preguntas === 'number' ? d.preguntas : 4, 4), 10);
  const letters = ['A', 'B', 'C', 'D'] as const;
  return {
    preguntas: Array.from({ length: count }, (_, i) => {
      const about = str(lecciones[i % Math.max(lecciones.length, 1)]?.titulo, moduleTitle);
      const right = `Es el punto central de «${about}»`;
      const wrong = ['No guarda relación con el módulo', 'Solo sirve en casos excepcionales', 'Es un error frecuente que conviene evitar'];
      const correcta = letters[i % 4];
      const opciones = [...wrong];
      opciones.splice(i % 4, 0, right);
      return {
        enunciado: `Pregunta ${i + 1} (demostración): ¿qué afirmación describe mejor «${about}»?`,
        opciones,
        correcta,
        explicacion: `La lección «${about}» presenta esta idea como su punto central; las demás opciones no la describen.`,
      };
    }),
  };
}
