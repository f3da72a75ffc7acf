import type { GeneratedQuestion } from '../../../lambdas/shared/ai/schemas';

/** Two short lessons in the Markdown shape the pipeline stores. */
export const LESSONS = {
  l01: [
    '## La exposición',
    '### Qué es la exposición',
    'La exposición es la cantidad de luz que llega al sensor durante una toma.',
    'Un diafragma más abierto deja pasar más luz y reduce la profundidad de campo.',
    '### El triángulo de exposición',
    'La velocidad de obturación, el diafragma y la sensibilidad ISO se compensan entre sí para lograr la misma exposición.',
    'Subir la sensibilidad ISO aclara la imagen pero añade ruido digital a las zonas oscuras.',
  ].join('\n\n'),
  l02: [
    '## La composición',
    '### La regla de los tercios',
    'La regla de los tercios coloca los elementos principales sobre las líneas que dividen el encuadre en tres partes.',
    'Las líneas que guían la mirada llevan al espectador hacia el sujeto principal de la fotografía.',
  ].join('\n\n'),
};

const DISTRACTORS = ['la temperatura de color del sensor', 'el tamaño del archivo guardado', 'la distancia entre la cámara y el sujeto'];

/** A well-formed question resting on a sentence of lesson l01; the model put the key at `correcta`. */
export function goodQuestion(n = 1, over: Partial<GeneratedQuestion> = {}): GeneratedQuestion {
  return {
    lessonId: 'l01',
    objetivoId: 'o1',
    bloom: 'comprender',
    fuente: 'La exposición es la cantidad de luz que llega al sensor durante una toma.',
    enunciado: `Caso ${n}: en fotografía, ¿qué mide la exposición de una toma?`,
    opciones: [
      // A paraphrase of the lesson, not its words: a key copied word for word is a test-wise cue (issue 41 item 7).
      { texto: 'la luz total que recibe el sensor', explicacion: 'Es la definición que da la lección.' },
      ...DISTRACTORS.map((texto) => ({ texto, explicacion: `No: ${texto} no mide la luz recibida.`, conceptoErroneo: `Creer que la exposición mide ${texto}` })),
    ],
    correcta: 'A',
    ...over,
  };
}

/** A bank's writer input: a Fotografía module of the two lessons above. */
export const BANK_INPUT = {
  curso: { topic: 'Fotografía', level: 'principiante', titulo: 'Fotografía' },
  modulo: { titulo: 'Luz y composición', descripcion: 'La luz y el encuadre' },
  lecciones: [
    { lessonId: 'l01', titulo: 'La exposición', contenido: LESSONS.l01 },
    { lessonId: 'l02', titulo: 'La composición', contenido: LESSONS.l02 },
  ],
};
