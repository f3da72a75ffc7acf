import { levelOf, topicOf, type Data } from './offline-writer';

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});

export function offlineLesson(d: Data): string {
  const topic = topicOf(obj(d.curso).topic ? obj(d.curso) : d);
  const level = levelOf(obj(d.curso).level ? obj(d.curso) : d);
  const lesson = obj(d.leccion);
  const titulo = str(lesson.titulo, `Lección sobre ${topic}`);
  const resumen = str(lesson.resumen, `Una lección sobre ${topic}.`);
  return [
    `## ${titulo}`,
    '',
    `> Contenido de demostración generado sin IA (nivel ${level}).`,
    '',
    `${resumen} En esta lección trabajamos ${topic} con un ejemplo y un pequeño ejercicio.`,
    '',
    '### Idea principal',
    '',
    `Todo avance en ${topic} empieza por entender el problema antes de buscar la solución. Divide el problema, ` +
      'resuelve cada parte y comprueba el resultado.',
    '',
    '### Ejemplo',
    '',
    '```text',
    `1. Define qué quieres conseguir con ${topic}.`,
    '2. Elige el paso más pequeño que te acerque.',
    '3. Comprueba el resultado y ajusta.',
    '```',
    '',
    '### Errores frecuentes',
    '',
    '- Saltarse los fundamentos por ir rápido.',
    '- No comprobar los resultados intermedios.',
    '',
    '### Resumen',
    '',
    `- ${titulo}: entiende, practica y revisa.`,
    '- Repite el ejemplo con un caso propio.',
  ].join('\n');
}

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
