import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import type { LessonOutput } from '../../../lambdas/shared/ai/schemas';
import { fold } from './index';

// Issue 43 item 4: the featured courses' team-written diagrams, by lesson title, each placed after the
// explanation section it pictures (its `tras`). The offline writer adds them to that section's text as
// the lesson's diagram blocks (contract/diagrams.ts), so they go through the same check a model's would.

type Placed = { tras: string; diagrama: Diagram };

export const SHOWCASE_DIAGRAMS: Record<string, Placed[]> = {
  'La crisis de la República y el ascenso de Augusto': [
    {
      tras: 'Augusto y el principado',
      diagrama: {
        tipo: 'linea_de_tiempo',
        titulo: 'De la crisis de la República al principado (133-27 a. C.)',
        descripcion:
          'Línea de tiempo de siete hechos. 133 a. C.: Tiberio Graco muere a manos de senadores. Finales del siglo II a. C.: Mario recluta a ciudadanos sin propiedades. 88 a. C.: Sila marcha sobre Roma. 60 a. C.: primer triunvirato de Pompeyo, Craso y César. 49 a. C.: César cruza el Rubicón. 44 a. C.: asesinato de César. 27 a. C.: Octavio recibe el nombre de Augusto.',
        nodos: [
          { id: 'graco', texto: '133 a. C. Muere Tiberio Graco' },
          { id: 'mario', texto: 'Fin del s. II a. C. Mario recluta a los pobres' },
          { id: 'sila', texto: '88 a. C. Sila marcha sobre Roma' },
          { id: 'triunvirato', texto: '60 a. C. Primer triunvirato' },
          { id: 'rubicon', texto: '49 a. C. César cruza el Rubicón' },
          { id: 'idus', texto: '44 a. C. Asesinato de César' },
          { id: 'augusto', texto: '27 a. C. Octavio es Augusto' },
        ],
      },
    },
  ],
  'El triángulo de exposición: apertura, velocidad e ISO': [
    {
      tras: 'Compensar un ajuste con otro',
      diagrama: {
        tipo: 'ciclo',
        titulo: 'El triángulo de exposición',
        descripcion:
          'Tres ajustes en círculo, cada uno compensa al siguiente. La apertura da luz y desenfoca el fondo; la velocidad da luz y decide si el movimiento sale congelado o movido; el ISO da luz y añade ruido. Si ganas un paso de luz con uno y lo pierdes con otro, el brillo no cambia, pero sí el aspecto de la foto.',
        nodos: [
          { id: 'apertura', texto: 'Apertura: luz y fondo desenfocado' },
          { id: 'velocidad', texto: 'Velocidad: luz y movimiento' },
          { id: 'iso', texto: 'ISO: luz y ruido' },
        ],
      },
    },
  ],
  'Cómo forma la imagen una cámara digital': [
    {
      tras: 'El viaje de la luz',
      diagrama: {
        tipo: 'proceso',
        titulo: 'El camino de la luz dentro de la cámara',
        descripcion:
          'Proceso de cinco pasos. La luz sale de la escena, atraviesa el objetivo, pasa por el diafragma que regula cuánta entra, el obturador decide durante cuánto tiempo y el sensor la convierte en una imagen.',
        nodos: [
          { id: 'escena', texto: 'La luz sale de la escena' },
          { id: 'objetivo', texto: 'El objetivo la enfoca' },
          { id: 'diafragma', texto: 'El diafragma regula cuánta entra' },
          { id: 'obturador', texto: 'El obturador decide cuánto tiempo' },
          { id: 'sensor', texto: 'El sensor la convierte en imagen' },
        ],
      },
    },
  ],
  'Tu primer programa: valores y variables': [
    {
      tras: 'Pedir datos con input y convertirlos',
      diagrama: {
        tipo: 'proceso',
        titulo: 'El recorrido de un programa que pide un dato',
        descripcion:
          'Proceso de cinco pasos, en el orden en que el intérprete lee las líneas. input muestra una pregunta y espera; lo que escribes llega como texto; int o float lo convierten en número; el programa calcula y guarda el resultado en una variable; print lo muestra en la pantalla.',
        nodos: [
          { id: 'input', texto: 'input() pregunta y espera' },
          { id: 'texto', texto: 'Lo escrito llega como texto' },
          { id: 'convertir', texto: 'int() o float() lo hacen número' },
          { id: 'calcular', texto: 'Se calcula y se guarda en una variable' },
          { id: 'print', texto: 'print() muestra el resultado' },
        ],
      },
    },
  ],
};

/** A featured lesson with its diagrams in place (a section not found leaves its diagram out). */
export function withDiagrams(titulo: string, leccion: LessonOutput): LessonOutput {
  const placed = Object.entries(SHOWCASE_DIAGRAMS).find(([t]) => fold(t) === fold(titulo))?.[1] ?? [];
  return {
    ...leccion,
    explicacion: leccion.explicacion.map((s) => {
      const here = placed.filter((p) => fold(p.tras) === fold(s.subtitulo));
      return here.length ? { ...s, texto: [s.texto, ...here.map((p) => diagramBlock(p.diagrama))].join('\n\n') } : s;
    }),
  };
}
