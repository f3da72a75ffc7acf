import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import { markdownToHtml } from '../../../lambdas/scorm/markdown-html';

// Issue 43 item 5: a lesson's diagram reaches the SCORM package as static SVG drawn from the same
// layout as the SPA's, with its caption and its description, and a label is only ever text.

const steps: Diagram = {
  tipo: 'proceso',
  titulo: 'Del código a la pantalla',
  descripcion: 'Tres pasos: escribes, el intérprete lee, la pantalla muestra.',
  nodos: [{ id: 'a', texto: 'Escribes el código' }, { id: 'b', texto: 'El intérprete lo lee' }, { id: 'c', texto: 'Se muestra el resultado' }],
};

const lesson = (d: Diagram) => `## Cómo corre un programa\n\n${diagramBlock(d)}\n\nDespués, el texto sigue.`;

describe('a diagram in a SCORM lesson page', () => {
  it('is a figure with a wide and a phone picture, named for a screen reader and described once', () => {
    const html = markdownToHtml(lesson(steps));
    expect(html).toContain('<figure class="diagrama" data-diagrama="proceso">');
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain('class="diagrama-ancho" role="img" aria-label="Diagrama de proceso: Del código a la pantalla" aria-describedby="diagrama-1"');
    expect(html).toContain('class="diagrama-movil" role="img"');
    expect(html).toContain('<figcaption>Del código a la pantalla</figcaption>');
    expect(html.match(/id="diagrama-1"/g)).toHaveLength(1);
    // The labels are text of the SVG, three boxes in each picture, linked by two arrows each.
    expect(html.match(/<rect /g)).toHaveLength(6);
    expect(html.match(/marker-end=/g)).toHaveLength(4);
    expect(html).toContain('>Escribes el código</tspan>');
    expect(html).not.toContain('"nodos"');
    expect(html).toContain('Después, el texto sigue.');
  });

  it('gives each diagram of a page its own ids', () => {
    const html = markdownToHtml(`${lesson(steps)}\n\n${diagramBlock({ ...steps, titulo: 'Otro' })}`);
    expect(html).toContain('aria-describedby="diagrama-1"');
    expect(html).toContain('aria-describedby="diagrama-2"');
    expect(new Set(html.match(/id="diagrama-\d-flecha-\w+"/g)).size).toBe(4);
  });

  it('keeps a label with markup, a script or a link as inert text', () => {
    const planted: Diagram = {
      ...steps,
      titulo: 'Mira <script>alert(1)</script>',
      descripcion: '<a href="javascript:alert(2)">pulsa</a>',
      nodos: [{ id: 'a', texto: '<img src=x onerror=alert(3)>' }, { id: 'b', texto: 'javascript:alert(4)' }, { id: 'c', texto: '"><svg onload=alert(5)>' }],
    };
    const html = markdownToHtml(lesson(planted));
    // Only the drawing's own elements, and no attribute but the drawing's (an escaped `onload=` is text).
    expect(new Set([...html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1]))).toEqual(new Set(['h3', 'figure', 'svg', 'defs', 'marker', 'path', 'g', 'rect', 'text', 'tspan', 'figcaption', 'p']));
    expect(html).not.toMatch(/<[^>]*\son[a-z]+=/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html.match(/<svg /g)).toHaveLength(2);
  });

  it('leaves out a diagram the validator refuses', () => {
    const html = markdownToHtml('## T\n\n```diagrama\n{"tipo":"proceso","titulo":"","nodos":[]}\n```\n\nTexto.');
    expect(html).not.toContain('<figure');
    expect(html).not.toContain('tipo');
    expect(html).toContain('Texto.');
  });
});
