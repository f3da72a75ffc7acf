import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CourseOutline } from '../../../web/src/features/course/course-outline';
import { aCourse, lesson, moduleOf } from './fixtures';

// Issue 42: while the outline streams, the course's modules appear one by one; the outline says
// which module is being written and, on a phone, starts open so the learner sees them arrive.

const streaming = aCourse({
  estado: 'generando',
  temarioParcial: true,
  temario: { modulos: 3, leccionesPorModulo: 2 },
  modulos: [moduleOf('m1', [lesson('l1', { estado: 'pendiente', contenido: undefined }), lesson('l2', { estado: 'pendiente', contenido: undefined })])],
});

test('shows the modules written so far and which one is being written, announced politely', () => {
  render(<MemoryRouter><CourseOutline course={streaming} selected={{ kind: 'none' }} /></MemoryRouter>);
  const nav = screen.getByRole('navigation', { name: 'Contenido del curso' });
  expect(within(nav).getAllByText(/^Módulo \d$/).map((e) => e.textContent)).toEqual(['Módulo 1']);
  expect(within(nav).getByRole('status')).toHaveTextContent('Escribiendo el módulo 2 de 3 del temario…');
  // Open on a phone while it streams (the panel's toggle says so).
  expect(within(nav).getByRole('button', { name: 'Contenido del curso' })).toHaveAttribute('aria-expanded', 'true');
});

test('says nothing more once the outline is complete, and the panel starts closed on a phone', () => {
  const whole = { ...streaming, temarioParcial: undefined };
  render(<MemoryRouter><CourseOutline course={whole} selected={{ kind: 'none' }} /></MemoryRouter>);
  expect(screen.queryByText(/Escribiendo el módulo/)).toBeNull();
  expect(screen.getByRole('button', { name: 'Contenido del curso' })).toHaveAttribute('aria-expanded', 'false');
});
