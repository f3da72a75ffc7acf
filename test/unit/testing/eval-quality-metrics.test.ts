import { addressMarks, citationSupport, inflesz, lengthFit, redundancy, syllables, termCoverage, testWiseness } from '../../../scripts/eval-quality-metrics';
import { contentProblems, type ContentMetrics } from '../../../scripts/eval-quality-content';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { spanishLesson } from '../../support/lesson-fixture';

// The content figures of `npm run eval:quality` (issue 33 item 1), each on the text that should move it.

describe('redundancy between lessons', () => {
  it('is 1 for a lesson repeated, near 0 for two different lessons, and ignores the fixed headings', () => {
    const a = lessonMarkdown(spanishLesson());
    const b = lessonMarkdown({
      ...spanishLesson(),
      objetivos: ['Medir la luz de una escena con el fotómetro', 'Elegir el modo de medición adecuado'],
      introduccion: 'El fotómetro de la cámara mide cuánta luz refleja la escena y propone una exposición que deja el conjunto en un gris medio.',
      explicacion: [{ subtitulo: 'Medición matricial y puntual', texto: 'La medición matricial promedia todo el encuadre con pesos; la puntual mide un círculo pequeño, útil cuando el sujeto tiene una luz muy distinta del fondo, como un actor iluminado por un foco sobre un escenario oscuro.' }],
      ejemploResuelto: { titulo: 'Un contraluz en la playa', planteamiento: 'Una persona de espaldas al sol poniente sale oscura en la foto.', desarrollo: 'Cambiamos a medición puntual sobre la cara y compensamos un paso y medio hacia arriba; el cielo se aclara, pero la cara queda bien expuesta.' },
      ejercicio: { enunciado: 'Fotografía una ventana desde dentro de casa con medición matricial y con medición puntual.', solucion: 'Con matricial el interior queda oscuro y la ventana correcta; con puntual sobre la pared, la pared queda bien y la ventana se quema.' },
      autoevaluacion: [{ pregunta: '¿Qué mide la medición puntual?', respuesta: 'Un círculo pequeño del encuadre.' }, { pregunta: '¿A qué tono lleva el fotómetro la escena?', respuesta: 'A un gris medio.' }],
      resumen: ['El fotómetro lleva la escena a un gris medio.', 'La medición puntual sirve en contraluces.'],
    });
    expect(redundancy([a, a]).value).toBe(1);
    expect(redundancy([a, b]).value).toBeLessThan(0.05);
    expect(redundancy([a, b, a]).pair).toEqual([0, 2]);
  });
});

describe('readability', () => {
  it('counts Spanish syllables with diphthongs and hiatus', () => {
    expect(['casa', 'ciudad', 'historia', 'país', 'aéreo', 'murciélago', 'guerra', 'que', 'hoy', 'leer'].map(syllables)).toEqual([2, 2, 3, 2, 4, 4, 2, 1, 1, 2]);
  });

  it('scores short plain sentences above long learned ones (INFLESZ)', () => {
    const easy = 'La luz entra por el objetivo. El sensor la recoge. Si hay poca luz, la foto sale oscura. Abre más el diafragma.';
    const hard = 'La caracterización termodinámica de los sistemas heterogéneos multicomponentes requiere consideraciones metodológicas extraordinariamente complejas, fundamentalmente relacionadas con la determinación experimental de propiedades macroscópicas intrínsecamente dependientes de interacciones intermoleculares.';
    expect(inflesz(easy)).toBeGreaterThan(70);
    expect(inflesz(hard)).toBeLessThan(20);
  });
});

describe('length, address, coverage, citations', () => {
  it('measures length against the level range', () => {
    expect(lengthFit('palabra '.repeat(850), 'principiante').ratio).toBe(1);
    expect(lengthFit('palabra '.repeat(350), 'principiante').ratio).toBe(0.5);
  });

  it('finds usted in a tú course, quotations aside', () => {
    expect(addressMarks('Si tienes dudas, pregunta. Fíjese en la tabla.')).toEqual({ tu: 1, usted: 1 });
    expect(addressMarks('El cartel dice «Usted está aquí». Ahora puedes orientarte.').usted).toBe(0);
  });

  it('covers terms as words, not inside others', () => {
    expect(termCoverage(['ISO', 'diafragma', 'velocidad de obturación'], ['El ISO y la velocidad de obturación.']).missing).toEqual(['diafragma']);
  });

  it('finds a forged citation: a quote that shares nothing with its sentence', () => {
    const md = 'El agua se evapora con el calor del sol [1]. Los ríos llevan el agua al mar [2].';
    const support = citationSupport(md, [
      { n: 1, cita: 'el calor del sol evapora el agua de los océanos' },
      { n: 2, cita: 'la fotosíntesis ocurre en los cloroplastos' },
    ]);
    expect(support[0].overlap).toBeGreaterThan(0.5);
    expect(support[1].overlap).toBe(0);
  });
});

describe('test-wiseness', () => {
  it('finds the key every time when it is always the shortest, at chance when ties', () => {
    const q = (key: number) => ({ enunciado: '¿Qué controla el diafragma?', opciones: ['La cantidad de luz que entra', 'El tiempo que el sensor queda expuesto', 'La sensibilidad del sensor digital', 'El balance de blancos de la escena'].map((o, i) => (i === key ? 'La luz' : o)), key });
    expect(testWiseness([q(0), q(1), q(2), q(3)]).corta).toBe(1);
    const even = { enunciado: 'Elige', opciones: ['aaaa', 'bbbb', 'cccc', 'dddd'], key: 2 };
    expect(testWiseness([even]).larga).toBe(0.25);
  });
});

describe('the thresholds', () => {
  const good: ContentMetrics = {
    redundancia: 0.05, longitud: { min: 1, max: 1, palabras: 850 }, legibilidad: { min: 60, media: 62 }, tratamiento: { pedido: 'tu', otro: 0, propio: 10 },
    terminos: 0.8, objetivos: 1, testWise: { max: 0.3, regla: 'larga' }, citas: { min: 1, n: 0 },
  };
  it('pass good figures and name each one broken', () => {
    expect(contentProblems(good, 'principiante')).toEqual([]);
    const bad = contentProblems({ ...good, redundancia: 0.9, testWise: { max: 1, regla: 'corta' }, tratamiento: { pedido: 'tu', otro: 2, propio: 3 }, legibilidad: { min: 30, media: 40 } }, 'principiante');
    expect(bad.map((p) => p.split(':')[0])).toEqual(['redundancia', 'legibilidad', 'tratamiento', 'adivinanza']);
  });
});
