import { parseDiagram } from '../../../lambdas/contract/diagrams';
import { diagramBlocks } from '../../../lambdas/shared/ai/lesson-diagrams';
import { offlineToolInput } from '../../../infra/local/offline-writer';

// Issue 43: without a model, the tutor asked to draw answers with one diagram the contract accepts
// (what `npm start` and the e2e test show); any other question gets no diagram.

const ask = (mensaje: string, pasajes: { seccion: string; texto: string }[]) =>
  String(offlineToolInput('responder_al_alumno', { mensaje, curso: { titulo: 'Fotografía', topic: 'Fotografía' }, leccionActual: { titulo: 'La exposición', pasajes } }).respuesta);

const pasajes = [
  { seccion: 'Qué es la exposición', texto: 'La cantidad de luz que llega al sensor.' },
  { seccion: 'El diafragma', texto: 'Abre o cierra el paso de la luz.' },
  { seccion: 'El diafragma', texto: 'Cambia la profundidad de campo.' },
  { seccion: 'La velocidad de obturación, el tiempo que el sensor recibe la luz', texto: 'Congela o deja rastro.' },
  { seccion: 'La sensibilidad ISO', texto: 'Amplifica la señal.' },
];

test.each(['¿Me lo dibujas?', 'Dibújame la exposición', 'dibuja esto', '¿Me haces un esquema?'])('"%s" is answered with one valid diagram', (mensaje) => {
  const blocks = diagramBlocks(ask(mensaje, pasajes));
  expect(blocks).toHaveLength(1);
  expect(blocks[0].problems).toEqual([]);
  const { diagram } = parseDiagram(blocks[0].body);
  expect(diagram!.tipo).toBe('proceso');
  // Each section once, in the lesson's order; one too long for a box is left out, not cut.
  expect(diagram!.nodos.map((n) => n.texto)).toEqual(['Qué es la exposición', 'El diafragma', 'La sensibilidad ISO']);
});

test('a lesson without sections still gets a valid diagram; a plain question gets none', () => {
  const [block] = diagramBlocks(ask('¿Me lo dibujas?', []));
  expect(block.problems).toEqual([]);
  expect(diagramBlocks(ask('¿Qué es el diafragma?', pasajes))).toEqual([]);
});
