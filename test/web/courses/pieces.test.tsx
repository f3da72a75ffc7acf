import { render, screen } from '@testing-library/react';
import { COURSE_SHAPE, LEVELS } from '../../../lambdas/contract/courses';
import { tokenize } from '../../../web/src/components/code-highlight';
import { ProgressBar } from '../../../web/src/components/progress-bar';
import { applyProgress } from '../../../web/src/features/course/course-state';
import { GenerationProgress } from '../../../web/src/features/course/generation-progress';
import { DEFAULT_MODULES, LEVEL_OPTIONS, MODULE_CHOICES } from '../../../web/src/features/generator/course-form';
import { aCourse, aJob } from './fixtures';

describe('progress bar', () => {
  it('is a labelled progressbar with its value, clamped to 0–100', () => {
    const { rerender } = render(<ProgressBar value={42.4} label="Progreso del curso" showValue />);
    const bar = screen.getByRole('progressbar', { name: 'Progreso del curso' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42 %')).toBeInTheDocument();
    rerender(<ProgressBar value={140} label="Progreso del curso" />);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    rerender(<ProgressBar value={Number.NaN} label="Progreso del curso" />);
    expect(bar).toHaveAttribute('aria-valuenow', '0');
  });

  it('the generation progress shows the job\'s Spanish step and n/total, read politely', () => {
    render(<GenerationProgress job={aJob({ step: 'contenido', stepLabel: 'Escribiendo lecciones y evaluaciones', done: 6, total: 24 })} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Escribiendo lecciones y evaluaciones: 6 de 24 pasos');
    expect(screen.getByText('6/24')).toBeInTheDocument();
    expect(screen.getByText('Escribiendo lecciones y evaluaciones').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
  });
});

describe('the generator form mirrors the contract', () => {
  it('offers exactly the contract\'s levels and module counts', () => {
    expect(LEVEL_OPTIONS.map((o) => o.value)).toEqual([...LEVELS]);
    expect(MODULE_CHOICES[0]).toBe(COURSE_SHAPE.minModules);
    expect(MODULE_CHOICES.at(-1)).toBe(COURSE_SHAPE.maxModules);
    expect(DEFAULT_MODULES).toBe(COURSE_SHAPE.defaultModules);
  });
});

describe('code highlighting', () => {
  it('finds comments, strings, numbers and keywords, and keeps every character', () => {
    const code = 'def f(x):\n    return x + 1  # suma\ns = "hola"';
    const tokens = tokenize(code, 'python');
    expect(tokens.map((t) => t.text).join('')).toBe(code);
    const kinds = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
    expect(kinds('keyword')).toEqual(['def', 'return']);
    expect(kinds('comment')).toEqual(['# suma']);
    expect(kinds('string')).toEqual(['"hola"']);
    expect(kinds('number')).toEqual(['1']);
  });

  it('reads SQL keywords in capitals and -- comments', () => {
    const tokens = tokenize('SELECT * FROM t -- todo', 'sql');
    expect(tokens.filter((t) => t.kind === 'keyword').map((t) => t.text)).toEqual(['SELECT', 'FROM']);
    expect(tokens.at(-1)).toEqual({ kind: 'comment', text: '-- todo' });
  });
});

describe('progress from the server', () => {
  it('takes the percentages the server derived and the lesson\'s new state', () => {
    const next = applyProgress(aCourse(), {
      courseId: 'c-1',
      progreso: { completadas: 1, total: 3, porcentaje: 33 },
      modulos: [{ moduleId: 'm1', progreso: { completadas: 1, total: 2, porcentaje: 50 } }],
      leccion: { moduleId: 'm1', lessonId: 'l2', estado: 'completado' },
    });
    expect(next.progreso.porcentaje).toBe(33);
    expect(next.modulos[0].progreso.porcentaje).toBe(50);
    expect(next.modulos[0].lecciones[1].progreso).toBe('completado');
    expect(next.modulos[1].progreso.porcentaje).toBe(0);
    expect(next.ultimaLeccion).toEqual({ moduleId: 'm1', lessonId: 'l2' });
  });
});
