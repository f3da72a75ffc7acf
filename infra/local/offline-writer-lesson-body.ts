import { LESSON_WORDS } from '../../lambdas/shared/ai/prompts/shared';

// The body of an offline lesson at a real lesson's length: the lesson prompt asks the model for
// LESSON_WORDS words per level (700–1,000 / 900–1,300 / 1,000–1,500), so the offline writer writes
// the middle of that range, and a course's tokens, time at the model table's pace and cost in the
// bench are a real course's (issue 22). Deterministic Spanish paragraphs built from the lesson's
// own plan (terms, running example, misconception), added section by section until the target.

export interface LessonWords {
  topic: string;
  titulo: string;
  term: string;
  term2: string;
  term3: string;
  ejemplo: string;
  error: string;
}
type Paragraph = (w: LessonWords) => string;

/** The words of a text, as a reader counts them. */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /\p{L}|\d/u.test(w)).length;

/** The middle of the prompt's range for the level: what a model aiming at the target writes. */
export const lessonTargetWords = (level: string) => {
  const [low, high] = LESSON_WORDS[level] ?? LESSON_WORDS.principiante;
  return Math.round((low + high) / 2);
};

const lower = (s: string) => `${s.charAt(0).toLocaleLowerCase('es')}${s.slice(1)}`;

/** Sections beyond the two every offline lesson has, each with the paragraphs it can grow by. */
export const EXTRA_SECTIONS: { subtitulo: (w: LessonWords) => string; parrafos: Paragraph[] }[] = [
  {
    subtitulo: (w) => `Por qué ${w.term} importa en ${w.topic}`,
    parrafos: [
      (w) => `En ${w.topic} casi todos los problemas reales mezclan varias ideas a la vez, y ${w.term} es la que permite separarlas. Quien la domina sabe por dónde empezar, qué dejar para más tarde y qué información le falta todavía. Quien no la domina suele avanzar a ciegas, repitiendo pasos que no acercan al objetivo.`,
      (w) => `Piensa en ${lower(w.ejemplo)}. Sin una idea clara de ${w.term}, cada decisión parece igual de importante y el trabajo se dispersa. Con ella, las decisiones se ordenan solas: primero lo que define el resultado, después lo que lo mejora y al final los detalles de presentación.`,
      (w) => `Con experiencia, ${w.term} sirve también para decidir qué no hacer. Renunciar a una mejora que no acerca al objetivo es tan importante como elegir bien la siguiente acción, y esa renuncia solo es posible cuando el criterio está claro desde el principio.`,
      (w) => `Además, ${w.term} da un lenguaje común para hablar con otras personas que trabajan en ${w.topic}. Cuando todos entienden lo mismo por cada palabra, las explicaciones son más cortas, los acuerdos más rápidos y los malentendidos mucho menos frecuentes.`,
    ],
  },
  {
    subtitulo: (w) => `Cómo se aplica ${w.term2} paso a paso`,
    parrafos: [
      (w) => `El primer paso consiste en escribir el objetivo con una frase concreta y medible. Una frase vaga como «mejorar en ${w.topic}» no orienta el trabajo; una frase precisa indica qué resultado esperamos, para cuándo y cómo lo vamos a comprobar. Esa frase será la referencia de todas las decisiones siguientes.`,
      (w) => `El segundo paso es elegir la acción más pequeña que produce un resultado visible. La tentación habitual es abordarlo todo de golpe, pero un paso pequeño se termina pronto, se comprueba con facilidad y deja una base firme para el siguiente. Así se aplica «${w.term2}» en la práctica.`,
      (w) => `El tercer paso es revisar lo conseguido con la vista puesta en «${w.term3}». Comparamos el resultado con el objetivo escrito al principio, anotamos lo que ha funcionado y lo que no, y decidimos el siguiente paso con esa información. Repetir este ciclo es lo que convierte la teoría en habilidad.`,
      (w) => `Cuando el ciclo se ha repetido varias veces, conviene mirar atrás y buscar patrones. Los pasos que siempre funcionan pueden convertirse en una rutina; los que fallan a menudo señalan una parte de ${w.topic} que merece un estudio más detenido.`,
    ],
  },
  {
    subtitulo: () => `Cómo saber si vas por buen camino`,
    parrafos: [
      (w) => `Una buena señal es poder explicar lo que haces con tus propias palabras, sin consultar los apuntes. Si puedes contar a otra persona por qué has elegido cada paso en ${w.topic}, la idea ya forma parte de tu manera de pensar y no solo de tu memoria.`,
      () => `Otra señal es que los errores empiezan a ser distintos. Al principio se repiten los mismos fallos; con práctica, los fallos antiguos desaparecen y aparecen otros más sutiles. Ese cambio indica progreso real, aunque a veces se viva como frustración.`,
      (w) => `Conviene también medir el tiempo que tardas en resolver un caso parecido a ${lower(w.ejemplo)}. Cuando el mismo tipo de tarea te lleva menos tiempo y menos dudas que la semana anterior, el aprendizaje se está consolidando, aunque todavía quede camino por recorrer.`,
      (w) => `Por último, fíjate en las preguntas que te haces. Al empezar, las preguntas son del tipo «qué es esto»; más adelante pasan a ser «por qué ocurre» y «qué pasaría si». Ese cambio en las preguntas muestra que ya razonas sobre ${w.term} y no solo lo reconoces.`,
    ],
  },
  {
    subtitulo: () => `Lo que conecta esta lección con el resto del curso`,
    parrafos: [
      (w) => `Esta lección se apoya en lo que ya sabes y prepara lo que viene después. Las ideas de «${w.titulo}» volverán a aparecer en los ejercicios de las próximas lecciones, cada vez en situaciones un poco más exigentes, para que las practiques en contextos diferentes.`,
      () => `Por eso merece la pena dedicar unos minutos a repasarla antes de seguir. Un repaso breve, hecho al día siguiente, fija mucho mejor lo aprendido que una lectura larga el mismo día. El sistema de repaso del curso te recordará las preguntas clave en el momento adecuado.`,
      (w) => `Recuerda que ${lower(w.error)} es una trampa en la que cae mucha gente. El remedio es el mismo que en toda esta lección: practicar en pasos pequeños, comprobar cada resultado y ajustar el rumbo con lo que vas observando.`,
      () => `Si alguna parte de esta lección te ha resultado difícil, anótala y pregunta al tutor del curso. Formular la duda por escrito ya es una forma de estudio: obliga a precisar qué se entiende y qué no, y muchas veces la respuesta aparece mientras se escribe la pregunta.`,
    ],
  },
];

/** Paragraphs that lengthen the worked example and the exercise's solution, in order. */
export const EXAMPLE_DETAIL: Paragraph[] = [
  (w) => `Al terminar el tercer paso revisamos el conjunto. Si el resultado cumple el objetivo, lo documentamos en pocas líneas para poder repetirlo; si no lo cumple, volvemos al segundo paso con un cambio pequeño y medimos otra vez. En ${w.topic} esta disciplina evita perder horas en cambios que no sabemos si ayudan.`,
  (w) => `Fíjate en que el ejemplo no exige herramientas especiales ni conocimientos avanzados. Lo importante es el orden: objetivo, paso pequeño, comprobación. Ese orden es el mismo que aplicarás con casos más complejos, donde «${w.term2}» y «${w.term3}» tendrán todavía más peso.`,
  (w) => `Un último detalle: anota al final del ejemplo qué harías distinto la próxima vez. Esa nota, escrita con tus palabras sobre ${w.topic}, será el punto de partida del siguiente caso y te ahorrará repetir los mismos tanteos.`,
];
