import { render, screen, within } from '@testing-library/react';
import { diagramBlock, type Diagram } from '../../../lambdas/contract/diagrams';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { TutorMessages } from '../../../web/src/features/tutor/tutor-messages';
import type { ChatTurn } from '../../../web/src/features/tutor/use-tutor';

// Issue 43: the tutor's drawing in its panel, by the lesson's lazily loaded renderer: a figure with
// its caption and description, its labels as text (a script stays text), the phone's layout only
// (the panel is narrow); nothing of a block that is not closed, while the answer streams or after.

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

test('draws the diagram of an answer in its place: caption, description, labels as text, one layout', async () => {
  const { container } = show(answer(`Te lo dibujo:\n\n${diagramBlock(steps)}\n\n¿Lo ves?`));
  const figure = (await screen.findByText('Cómo se suman dos vectores', { selector: 'figcaption' })).closest('figure') as HTMLElement;
  const [picture, ...more] = within(figure).getAllByRole('img', { name: 'Diagrama de proceso: Cómo se suman dos vectores' });
  expect(more).toHaveLength(0);
  expect(picture).toHaveAccessibleDescription(steps.descripcion);
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
