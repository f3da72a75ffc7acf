import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { LessonContent } from '../../../web/src/features/lesson/lesson-content';
import { spanishLesson } from '../../support/lesson-fixture';

describe('a lesson in sections', () => {
  it('shows the exercise with its solution and the self-check answers folded until asked for', async () => {
    render(<LessonContent markdown={lessonMarkdown(spanishLesson())} />);
    expect(screen.getByText(/Fotografía un objeto cotidiano dos veces/)).toBeVisible();
    const solution = screen.getByText('Ver la solución del ejercicio');
    const answer = screen.getByText(/La segunda foto suele resultar más dinámica/);
    expect(answer.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(solution);
    expect(answer.closest('details')).toHaveAttribute('open');
    expect(screen.getByText('Ver las respuestas').closest('details')).toHaveTextContent('En nueve partes iguales.');
    expect(screen.getByText(/La regla de los tercios ordena el encuadre/).closest('details')).toBeNull();
  });

  it('renders a lesson written before the sections unchanged, with nothing folded', () => {
    const { container } = render(<LessonContent markdown={'## Luz\n\n### Ejemplo\n\nTexto de la lección.'} />);
    expect(container.querySelector('details')).toBeNull();
    expect(screen.getByText('Texto de la lección.')).toBeInTheDocument();
  });
});
