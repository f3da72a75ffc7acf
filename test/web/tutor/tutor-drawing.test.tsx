import { render, screen, within } from '@testing-library/react';
import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { splitLesson } from '../../../web/src/features/lesson/lesson-content';
import { TutorMessages } from '../../../web/src/features/tutor/tutor-messages';
import { turnParts } from '../../../web/src/features/tutor/turn-parts';
import type { ChatTurn } from '../../../web/src/features/tutor/use-tutor';

// Issue 43: the tutor's drawing in its panel, by the lesson's lazily loaded renderer: a figure with
// its caption and description, its labels as text (a script stays text); nothing of a block that is
// not closed, while the answer streams or after.

const steps: Diagram = {
  tipo: 'proceso',
  titulo: 'Cómo se suman dos vectores',
  descripcion: 'Se colocan los vectores, se completa la figura y se traza la diagonal.',
  nodos: [{ id: 'a', texto: '<script>alert(1)</script>' }, { id: 'b', texto: 'Completa la figura' }, { id: 'c', texto: 'Traza la diagonal' }],
};
const answer = (md: string): ChatTurn[] => [
  { rol: 'alumno', texto: '¿Me lo dibujas?', fecha: '2026-11-30T10:00:00.000Z' },
  { rol: 'tutor', texto: md, fecha: '2026-11-30T10:00:01.000Z', tipo: 'explicacion' },
];
const show = (turns: ChatTurn[], streaming = '') =>
  render(<TutorMessages courseId="c-1" turns={turns} sending={Boolean(streaming)} streaming={streaming} />, { wrapper: QueryProvider });

test('draws the diagram of an answer in its place: caption, description, labels as text', async () => {
  const { container } = show(answer(`Te lo dibujo:\n\n${diagramBlock(steps)}\n\n¿Lo ves?`));
  const figure = (await screen.findByText('Cómo se suman dos vectores', { selector: 'figcaption' })).closest('figure') as HTMLElement;
  // Both layouts, as in a lesson; the panel's CSS shows the phone's (checked in Chromium: tutor-diplomado.e2e.test.ts).
  const pictures = within(figure).getAllByRole('img', { name: 'Diagrama de proceso: Cómo se suman dos vectores' });
  expect(pictures.map((p) => p.getAttribute('data-layout'))).toEqual(['ancho', 'movil']);
  for (const p of pictures) expect(p).toHaveAccessibleDescription(steps.descripcion);
  const picture = pictures[1];
  expect([...picture.querySelectorAll('text')].map((t) => t.textContent?.replace(/\s/g, ''))).toEqual(['<script>alert(1)</script>', 'Completalafigura', 'Trazaladiagonal']);
  expect(container.querySelector('script, foreignObject, [onload]')).toBeNull();
  expect(await screen.findByText('¿Lo ves?')).toBeInTheDocument();
  expect(container.textContent).not.toContain('"nodos"');
});

test('shows nothing of a block that is not closed, while streaming and in a stored turn', async () => {
  const open = `Te lo dibujo:\n\n\`\`\`diagrama\n${JSON.stringify(steps)}`;
  const { container } = show(answer(open), open);
  expect(await screen.findAllByText('Te lo dibujo:')).toHaveLength(2);
  expect(container.querySelector('figure')).toBeNull();
  expect(container.textContent).not.toContain('"nodos"');
});

test('splits an answer exactly as a lesson is split (the same fence rule as contract/diagram-fence.ts)', () => {
  const block = diagramBlock(steps);
  const texts = [
    `Antes\n${block}\nDespués`,
    `Antes\n\`\`\`diagrama\n{"a":1}\n## Título\nDespués`,
    `\`\`\`python\n\`\`\`diagrama\n\`\`\`\n${block}`,
    `${block}\n${block}`,
    `\`\`\`diagrama \n{"b":2}\n\`\`\`\nFin`,
  ];
  for (const md of texts) {
    const diagrams = (parts: { kind: string; body?: string }[]) => parts.filter((p) => p.kind === 'diagram').map((p) => p.body);
    expect(diagrams(turnParts(md))).toEqual(diagrams(splitLesson(md)));
  }
});
