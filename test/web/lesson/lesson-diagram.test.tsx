import { render, screen, within } from '@testing-library/react';
import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import { LessonContent } from '../../../web/src/features/lesson/lesson-content';

// Issue 43: a lesson's diagram block drawn as a figure by code (lesson-diagram.tsx, loaded lazily).

const cycle: Diagram = {
  tipo: 'ciclo',
  titulo: 'El triángulo de exposición',
  descripcion: 'Tres ajustes que se compensan: apertura, velocidad e ISO.',
  nodos: [{ id: 'a', texto: 'Apertura' }, { id: 'v', texto: 'Velocidad' }, { id: 'i', texto: 'ISO' }],
};
const lesson = (...blocks: string[]) => ['### Introducción', 'Texto de la lección.', ...blocks, '### Resumen', '- Punto clave.'].join('\n\n');

describe('a lesson with a diagram', () => {
  it('shows a figure with its caption, its description for screen readers and its nodes as text', async () => {
    render(<LessonContent markdown={lesson(diagramBlock(cycle))} />);
    const figure = (await screen.findByText('El triángulo de exposición', { selector: 'figcaption' })).closest('figure') as HTMLElement;
    // Two layouts (wide and phone), one shown by CSS: each is an image named by the diagram, described by the text.
    const pictures = within(figure).getAllByRole('img', { name: 'Diagrama de ciclo: El triángulo de exposición' });
    expect(pictures).toHaveLength(2);
    for (const svg of pictures) expect(svg).toHaveAccessibleDescription('Tres ajustes que se compensan: apertura, velocidad e ISO.');
    const labels = [...figure.querySelectorAll('svg')[0].querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toEqual(['Apertura', 'Velocidad', 'ISO']);
    expect(screen.getByText('Texto de la lección.')).toBeInTheDocument();
    // The block's JSON is never shown as code.
    expect(document.body.textContent).not.toContain('"tipo"');
  });

  it('renders a label with a script or a javascript: address as inert text', async () => {
    const hostile: Diagram = { ...cycle, nodos: [{ id: 'a', texto: '<script>alert(1)</script>' }, { id: 'b', texto: '[x](javascript:alert(1))' }, { id: 'c', texto: '<a href="javascript:alert(1)">y</a>' }] };
    const { container } = render(<LessonContent markdown={lesson(diagramBlock(hostile))} />);
    await screen.findByText('El triángulo de exposición', { selector: 'figcaption' });
    expect(container.querySelector('script, a, foreignObject, [href], [onload]')).toBeNull();
    // Long words are broken across lines (with a space), never cut: the whole label is there, as text.
    const labels = [...container.querySelectorAll('svg')[0].querySelectorAll('text')].map((t) => t.textContent?.replace(/\s/g, ''));
    expect(labels).toEqual(['<script>alert(1)</script>', '[x](javascript:alert(1))', '<ahref="javascript:alert(1)">y</a>']);
  });

  it('shows nothing for a block that fails the validator, and the lesson around it as before', async () => {
    const broken = diagramBlock({ ...cycle, nodos: [cycle.nodos[0], { ...cycle.nodos[1], id: 'a' }] });
    const { container } = render(<LessonContent markdown={lesson(broken, '```diagrama\n{"tipo": ')} />);
    expect(await screen.findByText('Punto clave.')).toBeInTheDocument();
    // The lazy chunk has loaded (a sound block in another render proves it); the broken ones draw nothing.
    render(<LessonContent markdown={lesson(diagramBlock(cycle))} />);
    await screen.findByText('El triángulo de exposición', { selector: 'figcaption' });
    expect(container.querySelector('figure, pre')).toBeNull();
    expect(container.textContent).not.toContain('"tipo"');
  });

  it.each(['proceso', 'linea_de_tiempo'] as const)('lays out a %s in both layouts with every node', async (tipo) => {
    render(<LessonContent markdown={lesson(diagramBlock({ ...cycle, tipo, titulo: 'Pasos' }))} />);
    const figure = (await screen.findByText('Pasos', { selector: 'figcaption' })).closest('figure') as HTMLElement;
    for (const svg of figure.querySelectorAll('svg')) expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['Apertura', 'Velocidad', 'ISO']);
  });
});
