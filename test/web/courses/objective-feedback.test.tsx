import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ObjectiveFeedback } from '../../../web/src/features/course/objective-feedback';

// Issue 32: a failed attempt's result, per objective: "Dominas", "Te falta" with the misconceptions and where to study.
describe('the result per objective', () => {
  it('says what was shown and what not, with the ideas to correct and links to the lesson sections', () => {
    render(
      <MemoryRouter>
        <ObjectiveFeedback
          courseId="c1"
          moduleId="m01"
          objetivos={[
            { id: 'o1', enunciado: 'Explica qué mide la exposición', bloom: 'comprender', correctas: 4, total: 4, domina: true, conceptosErroneos: [], repasar: [] },
            { id: 'o2', enunciado: 'Aplica la regla de los tercios', bloom: 'aplicar', correctas: 1, total: 4, domina: false, conceptosErroneos: ['Creer que centrar siempre equilibra'], repasar: [{ lessonId: 'l02', leccion: 'La composición', seccion: 'Los tercios' }] },
          ]}
        />
      </MemoryRouter>,
    );
    const shown = screen.getByText('Dominas:').parentElement!;
    expect(within(shown).getByText('Explica qué mide la exposición (4 de 4)')).toBeInTheDocument();
    const missing = screen.getByText('Te falta:').parentElement!;
    expect(within(missing).getByText('Aplica la regla de los tercios (1 de 4)')).toBeInTheDocument();
    expect(within(missing).getByText('Creer que centrar siempre equilibra')).toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'La composición' })).toHaveAttribute('href', expect.stringContaining('l02'));
  });

  it('lists where to study one lesson per line, its sections as links beside it', () => {
    render(
      <MemoryRouter>
        <ObjectiveFeedback
          courseId="c1"
          moduleId="m01"
          objetivos={[{
            id: 'o2', enunciado: 'Aplica la regla de los tercios', bloom: 'aplicar', correctas: 0, total: 4, domina: false, conceptosErroneos: [],
            repasar: [
              { lessonId: 'l02', leccion: 'La composición', seccion: 'Los tercios' },
              { lessonId: 'l03', leccion: 'La luz', seccion: 'Contraluz' },
              { lessonId: 'l02', leccion: 'La composición', seccion: 'Ejercicio' },
            ],
          }]}
        />
      </MemoryRouter>,
    );
    const lines = within(screen.getByText('Estudia:').parentElement!).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['La composición, secciones «Los tercios» · «Ejercicio»', 'La luz, sección «Contraluz»']);
    expect(within(lines[0]).getByRole('link', { name: 'La composición' })).toHaveAttribute('href', '/course/c1?modulo=m01&leccion=l02');
    expect(within(lines[0]).getByRole('link', { name: '«Ejercicio»' })).toHaveAttribute('href', '/course/c1?modulo=m01&leccion=l02#seccion-ejercicio');
  });
});
