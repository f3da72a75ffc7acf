import { levelOf, topicOf, type Data } from './offline-writer-data';
import { lessonProcessBlock } from './offline-writer-diagrams';
import { EXAMPLE_DETAIL, EXTRA_SECTIONS, lessonTargetWords, wordCount, type LessonWords } from './offline-writer-lesson-body';

// The offline writer's outline plan and lessons: deterministic Spanish demonstration content that
// follows the same plan a model gets (module objectives, key terms, misconceptions, running
// example, neighbours), so the checks, the tutor's passages and the quality report have real
// structure to work on. Labelled as demonstration content.

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const STAGE_TERMS = [
  ['concepto', 'vocabulario', 'propósito'],
  ['herramienta', 'primer resultado', 'flujo de trabajo'],
  ['principio', 'modelo mental', 'relación causa y efecto'],
  ['práctica deliberada', 'caso real', 'retroalimentación'],
  ['combinación', 'compromiso', 'variante'],
  ['buena práctica', 'error frecuente', 'revisión'],
  ['proyecto', 'planificación', 'entrega'],
  ['autonomía', 'recurso', 'hoja de ruta'],
];

/** The plan of module `m` (0-based) of an offline outline. */
export function offlineModulePlan(topic: string, level: string, m: number, about: string) {
  const terms = STAGE_TERMS[m % STAGE_TERMS.length];
  return {
    // Objectives as data (issue 32): ids, measurable statements and Bloom levels, above recall.
    objetivos: [
      { id: 'o1', enunciado: `Explicar con tus palabras ${about.toLocaleLowerCase('es')} en ${topic}`.slice(0, 200), bloom: 'comprender' as const },
      { id: 'o2', enunciado: `Aplicar «${terms[0]}» en un caso de nivel ${level}`.slice(0, 200), bloom: 'aplicar' as const },
      { id: 'o3', enunciado: `Distinguir «${terms[1]}» de «${terms[2]}» en un ejemplo de ${topic}`.slice(0, 200), bloom: 'analizar' as const },
    ],
    terminosClave: [topic, ...terms],
    conceptosErroneos: [`Creer que en ${topic} basta con memorizar «${terms[0]}» sin practicarlo`],
    ejemploConductor: `Un pequeño proyecto personal de ${topic} que mejora lección a lección`,
  };
}

export function offlineLesson(d: Data) {
  const curso = obj(d.curso);
  const topic = topicOf(curso.topic ? curso : d);
  const level = levelOf(curso.level ? curso : d);
  const modulo = obj(d.modulo);
  const asked = obj(d.leccion);
  const titulo = str(asked.titulo, `Lección sobre ${topic}`);
  const resumen = str(asked.resumen, `Una lección sobre ${topic}.`);
  const terms = strings(modulo.terminosClave).slice(0, 3);
  const [term = topic, term2 = 'práctica', term3 = 'revisión'] = terms.length ? terms : [topic];
  const ejemplo = str(modulo.ejemploConductor, `un caso sencillo de ${topic}`);
  const error = strings(modulo.conceptosErroneos)[0] ?? `pensar que ${topic} se aprende solo leyendo`;
  const anterior = strings(d.anteriores).at(-1);
  const siguiente = strings(d.siguientes)[0];
  const lesson = {
    objetivos: [`Comprender la idea central de «${titulo}»`, `Aplicar «${term2}» en un ejemplo guiado de ${topic}`],
    introduccion:
      `Contenido de demostración escrito sin IA (nivel ${level}). ${resumen} ` +
      (anterior ? `Partimos de lo que viste en «${anterior}» y damos un paso más.` : `Es el punto de partida de este módulo sobre ${topic}.`),
    explicacion: [
      {
        subtitulo: `Qué significa ${term} en esta lección`,
        texto:
          `Cuando hablamos de ${term} nos referimos a la idea que ordena todo lo demás en ${topic}. Antes de buscar una ` +
          `solución conviene entender bien el problema: qué se quiere conseguir, con qué recursos y cómo sabremos que ` +
          `lo hemos logrado. «${term2}» es la forma de llevar esa idea a la práctica, y «${term3}» nos dice si vamos bien.` +
          // Issue 43: a diagram where a model would draw one (the worked example's steps), built by code.
          `\n\n${lessonProcessBlock({ topic, titulo, term, term2, term3, ejemplo, error })}`,
      },
      {
        subtitulo: 'Un error frecuente y cómo evitarlo',
        texto:
          `Un error muy común es ${error.charAt(0).toLocaleLowerCase('es')}${error.slice(1)}. La comprensión llega al ` +
          `practicar: divide el problema en partes pequeñas, resuelve cada una y comprueba el resultado antes de seguir. ` +
          `Así cada avance se apoya en algo que ya funciona y los fallos aparecen pronto, cuando son fáciles de corregir.`,
      },
    ],
    ejemploResuelto: {
      titulo: `${ejemplo.charAt(0).toLocaleUpperCase('es')}${ejemplo.slice(1)}`,
      planteamiento: `Queremos aplicar «${titulo}» a ${ejemplo.charAt(0).toLocaleLowerCase('es')}${ejemplo.slice(1)}.`,
      desarrollo:
        `1. Definimos qué queremos conseguir con ${topic} y cómo lo mediremos.\n` +
        `2. Elegimos el paso más pequeño que nos acerca al objetivo y aplicamos «${term2}».\n` +
        `3. Comprobamos el resultado, atentos a «${term3}», y ajustamos lo que haga falta.`,
    },
    ejercicio: {
      enunciado: `Elige un caso propio relacionado con ${topic} y descríbelo en tres pasos siguiendo el ejemplo resuelto.`,
      solucion:
        'Una buena respuesta nombra un objetivo medible, un primer paso pequeño y una forma concreta de comprobar el ' +
        `resultado. Si tu tercer paso no dice cómo sabrás que ha funcionado, añade esa comprobación.`,
    },
    autoevaluacion: [
      { pregunta: `¿Qué papel tiene ${term} en «${titulo}»?`, respuesta: `Es la idea que ordena el resto: define qué queremos conseguir.` },
      { pregunta: `¿Por qué conviene comprobar cada paso antes de seguir?`, respuesta: 'Porque los fallos aparecen pronto y son más fáciles de corregir.' },
    ],
    resumen: [
      `${titulo}: entiende el problema antes de buscar la solución.`,
      `Aplica «${term2}» en pasos pequeños y comprueba cada uno.`,
      siguiente ? `En «${siguiente}» seguiremos a partir de aquí.` : 'Repite el ejemplo con un caso propio.',
    ],
  };
  return atRealLength(lesson, level, { topic, titulo, term, term2, term3, ejemplo, error });
}

type OfflineLesson = { explicacion: { subtitulo: string; texto: string }[]; ejemploResuelto: { desarrollo: string } } & Record<string, unknown>;
const wordsOf = (lesson: object) => wordCount(JSON.stringify(lesson).replace(/"[a-zA-Z]+":/g, ' ').replace(/[{}[\]",]/g, ' '));

/**
 * Grows the lesson to the prompt's target length for its level (offline-writer-lesson-body.ts): the
 * worked example's detail first, then up to four more explanation sections (the schema allows six),
 * then their further paragraphs in turn, until the words reach the target.
 */
function atRealLength<L extends OfflineLesson>(lesson: L, level: string, w: LessonWords): L {
  const target = lessonTargetWords(level);
  const more = (text: string, paragraph: string) => `${text}\n\n${paragraph}`;
  for (const detail of EXAMPLE_DETAIL) {
    if (wordsOf(lesson) >= target) return lesson;
    lesson.ejemploResuelto.desarrollo = more(lesson.ejemploResuelto.desarrollo, detail(w));
  }
  const added: { texto: string; next: number; section: (typeof EXTRA_SECTIONS)[number] }[] = [];
  for (const section of EXTRA_SECTIONS) {
    if (wordsOf(lesson) >= target) return lesson;
    const entry = { subtitulo: section.subtitulo(w), texto: section.parrafos[0](w) };
    lesson.explicacion.push(entry);
    added.push({ texto: entry.texto, next: 1, section });
  }
  for (let round = 1; wordsOf(lesson) < target && added.some((a) => a.next < a.section.parrafos.length); round++) {
    added.forEach((a, i) => {
      if (wordsOf(lesson) >= target || a.next >= a.section.parrafos.length) return;
      const entry = lesson.explicacion[lesson.explicacion.length - added.length + i];
      entry.texto = more(entry.texto, a.section.parrafos[a.next++](w));
    });
  }
  return lesson;
}
