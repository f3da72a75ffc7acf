import type { LessonOutput } from '../../lambdas/shared/ai/schemas';

/** A lesson in sections that passes the schema and every text check: a Spanish photography lesson. */
export const spanishLesson = (): LessonOutput => ({
  objetivos: ['Explicar qué es la regla de los tercios', 'Aplicarla al encuadrar un retrato'],
  introduccion:
    'En la lección anterior viste cómo funciona el visor de la cámara. Ahora aprenderás a decidir dónde colocar el sujeto dentro del encuadre para que la imagen respire.',
  explicacion: [
    {
      subtitulo: 'La regla de los tercios',
      texto:
        'La regla de los tercios divide el encuadre en nueve partes iguales con dos líneas horizontales y dos verticales. Colocar el sujeto sobre una de esas líneas, o en uno de sus cruces, crea una composición más equilibrada y dinámica que centrarlo siempre.',
    },
    {
      subtitulo: 'La exposición y la luz',
      texto:
        'La exposición depende de tres valores: la apertura del diafragma, la velocidad de obturación y la sensibilidad ISO. Cambiar uno obliga a compensar con los otros dos para que la fotografía no quede ni oscura ni quemada.',
    },
  ],
  ejemploResuelto: {
    titulo: 'Un retrato junto a la ventana',
    planteamiento: 'Queremos retratar a una persona sentada junto a una ventana con luz lateral.',
    desarrollo:
      '1. Activamos la cuadrícula del visor.\n2. Colocamos los ojos de la persona sobre la línea horizontal superior.\n3. Dejamos aire en la dirección de su mirada y comprobamos la exposición en la piel.',
  },
  ejercicio: {
    enunciado: 'Fotografía un objeto cotidiano dos veces: una centrado y otra siguiendo la regla de los tercios.',
    solucion: 'La segunda foto suele resultar más dinámica porque el espacio vacío guía la mirada hacia el objeto. Si no lo parece, prueba con el otro cruce de líneas.',
  },
  autoevaluacion: [
    { pregunta: '¿En cuántas partes divide el encuadre la regla de los tercios?', respuesta: 'En nueve partes iguales.' },
    { pregunta: '¿Qué valores forman el triángulo de la exposición?', respuesta: 'La apertura, la velocidad de obturación y el ISO.' },
  ],
  resumen: ['La regla de los tercios ordena el encuadre.', 'Los cruces de las líneas son puntos fuertes.', 'La exposición se equilibra con tres valores.'],
});
