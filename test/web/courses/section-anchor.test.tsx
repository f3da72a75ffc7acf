import { render } from '@testing-library/react';
import { sectionOf } from '../../../lambdas/shared/ai/evaluation-checks';
import { LessonContent } from '../../../web/src/features/lesson/lesson-content';
import { lessonHref } from '../../../web/src/lib/course-links';

// Issue 34 item 3: "Repasa la lección «…», sección «…»" lands on the section it names. The server names
// the section by the heading above the question's source sentence (sectionOf); the link's `#id` must be
// the id the lesson's rendered heading carries, accents, punctuation and emphasis included.

const lesson = [
  '## Introducción',
  'Python es un lenguaje.',
  '## Ejemplo resuelto: ¿Cómo **funciona** `print`?',
  'La función print muestra un valor en pantalla.',
].join('\n');

describe('a study link lands on its lesson section', () => {
  it('the heading the server names has the id the link aims at', () => {
    const seccion = sectionOf(lesson, 'La función print muestra un valor en pantalla.');
    expect(seccion).toBe('Ejemplo resuelto: ¿Cómo **funciona** `print`?');
    const href = lessonHref('c-1', { moduleId: 'm1', lessonId: 'l1', seccion });
    expect(href).toBe('/course/c-1?modulo=m1&leccion=l1#seccion-ejemplo-resuelto-como-funciona-print');
    const { container } = render(<LessonContent markdown={lesson} />);
    const target = container.querySelector(`[id="${href.split('#')[1]}"]`);
    expect(target?.tagName).toBe('H3');
    expect(target).toHaveTextContent('Ejemplo resuelto: ¿Cómo funciona print?');
    expect(container.querySelector('#seccion-introduccion')).toHaveTextContent('Introducción');
  });

  // The answers are folded behind "Ver las respuestas" (no heading on the page): a source sentence in
  // them names the self-check it answers, and a link stored earlier that names "Respuestas" still lands,
  // on the disclosure, which it opens. Before, `#seccion-respuestas` matched nothing and the link opened the top.
  const withAnswers = [
    '### Comprueba lo que has aprendido',
    '1. ¿Qué muestra print?',
    '#### Respuestas',
    '1. La función print escribe el valor en la consola.',
    '### Resumen',
    '- print muestra valores.',
  ].join('\n');

  it('a sentence in a folded section names the section it answers, which the page shows', () => {
    const seccion = sectionOf(withAnswers, 'La función print escribe el valor en la consola.');
    expect(seccion).toBe('Comprueba lo que has aprendido');
    const href = lessonHref('c-1', { moduleId: 'm1', lessonId: 'l1', seccion });
    const { container } = render(<LessonContent markdown={withAnswers} />);
    expect(container.querySelector(`[id="${href.split('#')[1]}"]`)?.tagName).toBe('H4');
  });

  it('a link that names a folded section lands on its disclosure and opens it; without the link it stays closed', () => {
    const href = lessonHref('c-1', { moduleId: 'm1', lessonId: 'l1', seccion: 'Respuestas' });
    const closed = render(<LessonContent markdown={withAnswers} />);
    expect(closed.container.querySelector(`[id="${href.split('#')[1]}"]`)).not.toHaveAttribute('open');
    closed.unmount();
    window.history.pushState({}, '', href);
    try {
      const { container } = render(<LessonContent markdown={withAnswers} />);
      const target = container.querySelector(`[id="${href.split('#')[1]}"]`);
      expect(target?.tagName).toBe('DETAILS');
      expect(target).toHaveAttribute('open');
      expect(target?.querySelector('summary')).toHaveTextContent('Ver las respuestas');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('a lesson link without a section has no hash', () => {
    expect(lessonHref('c-1', { moduleId: 'm1', lessonId: 'l1' })).toBe('/course/c-1?modulo=m1&leccion=l1');
  });
});
