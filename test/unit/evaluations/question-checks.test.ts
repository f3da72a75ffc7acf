import { isCatchAll, questionProblems, sectionOf, standsOutByLength } from '../../../lambdas/shared/ai/evaluation-checks';
import { verdictProblems } from '../../../lambdas/shared/ai/verifier';
import { goodQuestion, LESSONS } from './fixtures';

const withOption = (i: number, texto: string) => {
  const q = goodQuestion();
  q.opciones[i] = { ...q.opciones[i], texto };
  return q;
};

describe('the checks code makes on every generated question', () => {
  it('accept a question resting on a sentence of its lesson', () => {
    expect(questionProblems(goodQuestion(), LESSONS)).toEqual([]);
  });

  it('find the source sentence despite case, accents and Markdown', () => {
    const q = goodQuestion(1, { fuente: '  la EXPOSICION es la cantidad de **luz** que llega al sensor durante una toma ' });
    expect(questionProblems(q, LESSONS)).toEqual([]);
  });

  it('refuse a source sentence the lesson does not contain, or a lesson of another module', () => {
    expect(questionProblems(goodQuestion(1, { fuente: 'La exposición depende solo del ISO de la cámara.' }), LESSONS)).toContain('la "fuente" no aparece literalmente en la lección');
    expect(questionProblems(goodQuestion(1, { lessonId: 'l09' }), LESSONS)).toContain('lessonId l09 no es una lección del módulo');
  });

  it('refuse "todas/ninguna de las anteriores" in any spelling', () => {
    for (const o of ['Todas las anteriores', 'Ninguna de las anteriores.', 'ningún de los anteriores', 'Todas las opciones son correctas']) expect(isCatchAll(o)).toBe(true);
    expect(isCatchAll('Todas las cámaras tienen sensor')).toBe(false);
    expect(questionProblems(withOption(3, 'Ninguna de las anteriores'), LESSONS)).toContain('usa "todas/ninguna de las anteriores"');
  });

  it('refuse an option that stands out by its length', () => {
    expect(standsOutByLength(['corta', 'breve', 'otra', 'una opción muchísimo más larga que todas las demás juntas'])).toBe(true);
    expect(standsOutByLength(['la cantidad de luz que llega', 'el tamaño del archivo', 'la temperatura de color', 'la distancia al sujeto'])).toBe(false);
    expect(questionProblems(withOption(0, 'la cantidad total de luz que llega al sensor de la cámara durante el tiempo en que el obturador está abierto'), LESSONS)).toContain('una opción destaca por su longitud');
  });

  it('refuse a stem that contains the correct option (a cue)', () => {
    const q = goodQuestion(1, { enunciado: 'Si la exposición es la luz total que recibe el sensor, ¿qué mide la exposición?' });
    expect(questionProblems(q, LESSONS)).toContain('el enunciado contiene la respuesta correcta');
  });

  it('refuse repeated options: two could then be right', () => {
    expect(questionProblems(withOption(2, 'La luz total que recibe el sensor.'), LESSONS)).toContain('las cuatro opciones deben ser distintas');
  });

  it('refuse a question written in English', () => {
    const q = goodQuestion(1, {
      enunciado: 'In photography, what does the exposure of a shot measure, according to the lesson you have just read?',
      opciones: ['the amount of light that reaches the sensor', 'the colour temperature of the sensor', 'the size of the saved file', 'the distance to the subject'].map((texto) => ({ texto, explicacion: `Because the lesson says so about ${texto}.` })),
    });
    expect(questionProblems(q, LESSONS)).toContain('la pregunta no está escrita en español');
    expect(questionProblems(goodQuestion(), LESSONS)).not.toContain('la pregunta no está escrita en español');
  });

  it('name the section of the lesson a sentence comes from', () => {
    expect(sectionOf(LESSONS.l01, 'Subir la sensibilidad ISO aclara la imagen pero añade ruido digital a las zonas oscuras.')).toBe('El triángulo de exposición');
    expect(sectionOf(LESSONS.l01, 'Una frase que no está.')).toBeUndefined();
  });
});

describe("the verifier's verdicts", () => {
  const verdict = { indice: 0, respuesta: 'A' as const, opcionesDefendibles: ['A' as const], enunciadoDelata: false, valida: true, motivo: 'Bien' };

  it('accept one defensible option that is the key, with a stem that does not give it away', () => {
    expect(verdictProblems(goodQuestion(), verdict)).toEqual([]);
  });

  it('reject two defensible options', () => {
    expect(verdictProblems(goodQuestion(), { ...verdict, opcionesDefendibles: ['A', 'C'], valida: false })).toEqual(['2 opciones defendibles (A, C)']);
  });

  it('reject a cue in the stem even when the model calls the question valid', () => {
    expect(verdictProblems(goodQuestion(), { ...verdict, enunciadoDelata: true })).toEqual(['el enunciado delata la respuesta']);
  });

  it('reject a question whose only defensible option is not the key', () => {
    expect(verdictProblems(goodQuestion(), { ...verdict, opcionesDefendibles: ['B'] })).toEqual(['la opción defendible es B, no A']);
  });

  it('reject a question whose blind answer is not the key', () => {
    expect(verdictProblems(goodQuestion(), { ...verdict, respuesta: 'B', opcionesDefendibles: ['B'] })).toEqual(['el verificador, sin ver la clave, responde B, no A', 'la opción defendible es B, no A']);
  });

  it('reject a question the verifier did not judge, or judged invalid for another reason', () => {
    expect(verdictProblems(goodQuestion(), undefined)).toEqual(['el verificador no la evaluó']);
    expect(verdictProblems(goodQuestion(), { ...verdict, valida: false, motivo: 'Ambigua' })).toEqual(['Ambigua']);
  });
});
