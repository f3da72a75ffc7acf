import { render, screen } from '@testing-library/react';
import { GenerationProgress, queueText } from '../../../web/src/features/course/generation-progress';
import { aJob } from './fixtures';

// Issue 23: while a course waits its turn for the model budget, the page says how many courses
// are ahead of it; once it writes again, the usual step and n/total.

describe('the queue on the course page', () => {
  it('says "En cola: N cursos por delante" while the job waits, read politely', () => {
    render(<GenerationProgress job={aJob({ step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 1, total: 8, cola: { porDelante: 3 } })} />);
    expect(screen.getByText('En cola: 3 cursos por delante').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'En cola: 3 cursos por delante: 1 de 8 pasos');
    expect(screen.queryByText('Escribiendo lecciones y evaluaciones')).not.toBeInTheDocument();
  });

  it('reads one course in the singular, and none ahead as 0', () => {
    expect(queueText(1)).toBe('En cola: 1 curso por delante');
    expect(queueText(0)).toBe('En cola: 0 cursos por delante');
  });

  it('shows the usual progress again once the job no longer waits', () => {
    render(<GenerationProgress job={aJob({ step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 2, total: 8 })} />);
    expect(screen.getByText('Escribiendo lecciones y evaluaciones')).toBeInTheDocument();
    expect(screen.queryByText(/En cola/)).not.toBeInTheDocument();
  });
});
