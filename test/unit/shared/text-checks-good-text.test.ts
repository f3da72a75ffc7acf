import { cardsFromLesson } from '../../../lambdas/review/cards';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { chatterProblems, isSpanish, lessonProblems, lessonStructureProblems, taughtLanguage } from '../../../lambdas/shared/ai/text-checks';
import { spanishLesson } from '../../support/lesson-fixture';

// Issue 33, item 4: each case is the text that failed a good lesson (or made a card lie), kept as it was.

/** A self-check whose first answer holds a numbered list: the photography lesson that misaligned the cards. */
const listLesson = () => ({
  ...spanishLesson(),
  autoevaluacion: [
    { pregunta: '¿Qué pasos sigues para exponer bien una escena con poca luz?', respuesta: 'Hay dos pasos:\n1. Fija la apertura.\n2. Ajusta la velocidad de obturación hasta que el fotómetro marque cero.' },
    { pregunta: '¿Qué hace el ISO?', respuesta: 'Ajusta la sensibilidad del sensor: más ISO aclara la imagen a cambio de ruido.' },
  ],
});
/** A question that itself lists its options. */
const listQuestion = () => ({
  ...spanishLesson(),
  autoevaluacion: [
    { pregunta: 'Ordena de menor a mayor luz captada:\n1. f/8\n2. f/2\n3. f/4', respuesta: 'f/8, f/4 y f/2: un número f menor abre más el diafragma.' },
    { pregunta: '¿Qué hace el ISO?', respuesta: 'Ajusta la sensibilidad del sensor.' },
  ],
});

describe('a self-check with a numbered list inside', () => {
  it('counts as its questions, not as the list lines', () => {
    expect(lessonStructureProblems(lessonMarkdown(listLesson()))).toEqual([]);
    expect(lessonStructureProblems(lessonMarkdown(listQuestion()))).toEqual([]);
    expect(lessonProblems(listQuestion())).toEqual([]);
  });

  it('makes review cards that pair each question with its own answer', () => {
    const cards = cardsFromLesson('c', 'm01', 'l01', 'La exposición', lessonMarkdown(listLesson()));
    expect(cards.map((c) => [c.enunciado, c.respuesta])).toEqual([
      ['¿Qué pasos sigues para exponer bien una escena con poca luz?', 'Hay dos pasos:\n1. Fija la apertura.\n2. Ajusta la velocidad de obturación hasta que el fotómetro marque cero.'],
      ['¿Qué hace el ISO?', 'Ajusta la sensibilidad del sensor: más ISO aclara la imagen a cambio de ruido.'],
    ]);
    const questionCards = cardsFromLesson('c', 'm01', 'l01', 'La exposición', lessonMarkdown(listQuestion()));
    expect(questionCards.map((c) => c.respuesta)).toEqual(['f/8, f/4 y f/2: un número f menor abre más el diafragma.', 'Ajusta la sensibilidad del sensor.']);
  });

  it('makes no card from a lesson stored before, whose inner list sits at the margin (it cannot be paired for sure)', () => {
    const old = lessonMarkdown(spanishLesson()).replace(/#### Respuestas\n\n[\s\S]*?(?=\n\n### Resumen)/, '#### Respuestas\n\n1. Hay dos pasos:\n1. Fija la apertura.\n2. Ajusta la velocidad.\n2. Ajusta la sensibilidad del sensor.');
    const cards = cardsFromLesson('c', 'm01', 'l01', 'La exposición', old);
    expect(cards.find((c) => c.respuesta === 'Fija la apertura.')).toBeUndefined();
    expect(cards).toEqual([]);
  });
});

describe('the chatter check on content that opens with an adjective', () => {
  it.each([
    'Perfecto simple y perfecto compuesto: el primero narra hechos cerrados en el pasado («comí»), el segundo los une al presente («he comido»).',
    'Claro y oscuro: el contraste entre zonas iluminadas y en sombra da volumen a un retrato.',
    'Genial es el adjetivo que usaban los románticos para el artista que crea sin reglas.',
    'Como modelo del átomo, el de Bohr explica las líneas del espectro del hidrógeno.',
  ])('accepts «%s»', (text) => {
    expect(chatterProblems([text])).toEqual([]);
  });

  it.each(['¡Claro! Aquí tienes la lección.', 'Perfecto, vamos con la lección.', 'Claro que sí: empecemos.', 'Genial. Empecemos por la luz.', 'Por supuesto, te lo explico.', 'Como modelo de lenguaje, no puedo opinar.'])(
    'still flags «%s»',
    (text) => {
      expect(chatterProblems([text])).toHaveLength(1);
    },
  );
});

/** A lesson of an English course: Spanish explanation, English examples (quoted and as lines of their own). */
const englishCourseLesson = () => ({
  ...spanishLesson(),
  introduccion: 'En esta lección aprenderás a usar el presente perfecto del inglés para hablar de experiencias que siguen importando hoy, como un viaje o un trabajo que aún conservas.',
  explicacion: [
    {
      subtitulo: 'Cómo se forma',
      texto: 'El presente perfecto se forma con el auxiliar «have» o «has» y el participio del verbo. Compara estas dos frases, que usan el mismo verbo con tiempos distintos:\n\nI have lived in London for three years and I still live there today.\n\nI lived in London for three years, but then I moved back to Madrid.',
    },
    {
      subtitulo: 'Cuándo se usa',
      texto: 'Úsalo cuando la acción empezó en el pasado y sigue abierta, o cuando cuentas una experiencia sin decir cuándo ocurrió. Si dices el momento exacto, como «yesterday» o «in 2019», el inglés pide el pasado simple.',
    },
    {
      subtitulo: 'Un diálogo en el aeropuerto',
      texto: 'Lee este diálogo entre dos viajeros y fíjate en qué tiempo usa cada uno:\n\nHave you ever been to Scotland? I have never travelled so far north, but my sister has visited Edinburgh twice.\n\nYes, I went there last summer with my family and we saw the castle on the first day of our trip.',
    },
  ],
});

describe('the Spanish check in a course that teaches another language', () => {
  it('accepts the taught language in examples and quotes', () => {
    expect(taughtLanguage('Inglés para viajar')).toBe('eng');
    expect(taughtLanguage('Fotografía')).toBeUndefined();
    expect(lessonProblems(englishCourseLesson(), 'eng')).toEqual([]);
    expect(isSpanish(lessonMarkdown(englishCourseLesson()), 'eng')).toBe(true);
  });

  it('still fails a lesson of that course that drifts into the taught language, and a lesson in a third language', () => {
    const drift = {
      ...englishCourseLesson(),
      introduccion: 'In this lesson you will learn how to use the present perfect to talk about experiences that still matter today, such as a trip or a job you still have.',
      explicacion: englishCourseLesson().explicacion.map((s) => ({ ...s, texto: 'The present perfect is formed with the auxiliary have or has and the past participle. Use it when the action started in the past and is still open, or when you tell an experience without saying when it happened.' })),
    };
    expect(lessonProblems(drift, 'eng').map((p) => p.check)).toContain('idioma');
    expect(isSpanish('Le passé composé se forme avec un auxiliaire et le participe passé du verbe. On l’utilise pour une action terminée dans le passé, sans lien avec le présent.', 'eng')).toBe(false);
  });

  it('without the course context, the unquoted examples still count as another language', () => {
    expect(lessonProblems(englishCourseLesson()).map((p) => p.check)).toContain('idioma');
  });
});
