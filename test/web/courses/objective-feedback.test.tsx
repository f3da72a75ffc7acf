import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ObjectiveFeedback } from '../../../web/src/features/course/objective-feedback';

// Issue 32: a failed attempt's result, per objective: "Dominas", "Te falta" with the misconceptions and where to study.
// Issue 41: "Aún no está claro" where one attempt cannot tell; a result from before `estado` still reads `domina`.
type Objetivos = Parameters<typeof ObjectiveFeedback>[0]['objetivos'];
const renderResult = (objetivos: Objetivos) =>
  render(
    <MemoryRouter>
      <ObjectiveFeedback courseId="c1" moduleId="m01" objetivos={objetivos} />
    </MemoryRouter>,
  );
describe('the result per objective', () => {
  it('says what was shown and what not, with the ideas to correct and links to the lesson sections (a result from before `estado`)', () => {
    renderResult([
      { id: 'o1', enunciado: 'Explica qué mide la exposición', bloom: 'comprender', correctas: 4, total: 4, domina: true, conceptosErroneos: [], repasar: [] },
      { id: 'o2', enunciado: 'Aplica la regla de los tercios', bloom: 'aplicar', correctas: 1, total: 4, domina: false, conceptosErroneos: ['Creer que centrar siempre equilibra'], repasar: [{ lessonId: 'l02', leccion: 'La composición', seccion: 'Los tercios' }] },
    ]);
    const shown = screen.getByText('Dominas:').parentElement!;
    expect(within(shown).getByText('Explica qué mide la exposición (4 de 4)')).toBeInTheDocument();
    const missing = screen.getByText('Te falta:').parentElement!;
    expect(within(missing).getByText('Aplica la regla de los tercios (1 de 4)')).toBeInTheDocument();
    expect(within(missing).getByText('Creer que centrar siempre equilibra')).toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'La composición' })).toHaveAttribute('href', expect.stringContaining('l02'));
  });

  it('lists where to study one lesson per line, its sections as links beside it', () => {
    renderResult([{
      id: 'o2', enunciado: 'Aplica la regla de los tercios', bloom: 'aplicar', correctas: 0, total: 4, domina: false, conceptosErroneos: [],
      repasar: [
        { lessonId: 'l02', leccion: 'La composición', seccion: 'Los tercios' },
        { lessonId: 'l03', leccion: 'La luz', seccion: 'Contraluz' },
        { lessonId: 'l02', leccion: 'La composición', seccion: 'Ejercicio' },
      ],
    }]);
    const lines = within(screen.getByText('Estudia:').parentElement!).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['La composición, secciones «Los tercios» · «Ejercicio»', 'La luz, sección «Contraluz»']);
    expect(within(lines[0]).getByRole('link', { name: 'La composición' })).toHaveAttribute('href', '/course/c1?modulo=m01&leccion=l02');
    expect(within(lines[0]).getByRole('link', { name: '«Ejercicio»' })).toHaveAttribute('href', '/course/c1?modulo=m01&leccion=l02#seccion-ejercicio');
  });

  it('shows three groups, each a region named by its heading; the unclear ones offered practice, never called mastered', () => {
    renderResult([
      { id: 'o1', enunciado: 'Explica qué mide la exposición', bloom: 'comprender', correctas: 4, total: 4, domina: true, estado: 'domina', conceptosErroneos: [], repasar: [] },
      { id: 'o2', enunciado: 'Aplica la regla de los tercios', bloom: 'aplicar', correctas: 0, total: 4, domina: false, estado: 'falta', conceptosErroneos: [], repasar: [{ lessonId: 'l02', leccion: 'La composición' }] },
      { id: 'o3', enunciado: 'Elige el diafragma', bloom: 'aplicar', correctas: 2, total: 4, domina: false, estado: 'incierto', conceptosErroneos: ['Creer que f/16 deja pasar más luz'], repasar: [{ lessonId: 'l03', leccion: 'La luz', seccion: 'El diafragma' }] },
    ]);
    const group = (name: string) => screen.getByRole('region', { name });
    expect(within(group('Dominas:')).getAllByRole('listitem').map((l) => l.textContent)).toEqual(['Explica qué mide la exposición (4 de 4)']);
    expect(within(group('Te falta:')).getByText('Aplica la regla de los tercios (0 de 4)')).toBeInTheDocument();
    const unclear = group('Aún no está claro:');
    expect(within(unclear).getByText('Elige el diafragma (2 de 4)')).toBeInTheDocument();
    expect(within(unclear).getByText(/no lo contamos como dominado/)).toBeInTheDocument();
    expect(within(unclear).getByText('Creer que f/16 deja pasar más luz')).toBeInTheDocument();
    expect(within(unclear).getByText('Practica con:')).toBeInTheDocument();
    expect(within(unclear).getByRole('link', { name: '«El diafragma»' })).toHaveAttribute('href', '/course/c1?modulo=m01&leccion=l03#seccion-el-diafragma');
    expect(within(group('Dominas:')).queryByText(/diafragma|tercios/)).toBeNull();
    expect(within(group('Te falta:')).queryByText(/diafragma/)).toBeNull();
  });
});
