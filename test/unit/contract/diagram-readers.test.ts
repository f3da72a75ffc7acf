import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import { narrationText } from '../../../lambdas/narration';
import { markdownToHtml } from '../../../lambdas/scorm/markdown-html';

// Issue 43: the readers of a lesson that do not draw its diagrams yet (narration, the SCORM package)
// take a diagram block as its words, never as its JSON, and a broken one not at all.

const cycle: Diagram = {
  tipo: 'ciclo',
  titulo: 'El triángulo de <exposición>',
  descripcion: 'Tres ajustes que se compensan: apertura, velocidad e ISO.',
  nodos: [{ id: 'a', texto: 'Apertura' }, { id: 'v', texto: 'Velocidad' }],
};
const broken = diagramBlock({ ...cycle, nodos: [cycle.nodos[0]] });
const lesson = (block: string) => ['Antes del diagrama.', block, 'Después del diagrama.'].join('\n\n');

it('narration reads a diagram\'s description, and nothing of a broken one', () => {
  expect(narrationText(lesson(diagramBlock(cycle))).split('\n')).toEqual(['Antes del diagrama.', 'Tres ajustes que se compensan: apertura, velocidad e ISO.', 'Después del diagrama.']);
  expect(narrationText(lesson(broken)).split('\n')).toEqual(['Antes del diagrama.', 'Después del diagrama.']);
});

it('the SCORM package carries a diagram as static SVG with its caption and description, escaped, and nothing of a broken one', () => {
  const html = markdownToHtml(lesson(diagramBlock(cycle)));
  expect(html).toContain('role="img" aria-label="Diagrama de ciclo: El triángulo de &lt;exposición&gt;" aria-describedby="diagrama-1"');
  expect(html).toContain('<figcaption>El triángulo de &lt;exposición&gt;</figcaption><p id="diagrama-1" class="sr">Tres ajustes que se compensan: apertura, velocidad e ISO.</p></figure>');
  expect(html).not.toContain('&quot;tipo&quot;');
  const without = markdownToHtml(lesson(broken));
  expect(without).not.toMatch(/<figure|<pre|tipo/);
  expect(without).toContain('Después del diagrama.');
});
