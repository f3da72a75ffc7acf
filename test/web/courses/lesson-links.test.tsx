import { render } from '@testing-library/react';
import { AUTHOR_SOURCE_TITLE } from '../../../lambdas/contract/sources';
import { LessonContent } from '../../../web/src/features/lesson/lesson-content';

// Issue 31: in a lesson built from someone else's material (a shared page, an aula's or a shared
// course's copy) links are plain text; in the learner's own lesson they stay links.

const md = 'Lee [la guía](https://docs.ejemplo.org/guia) o https://docs.ejemplo.org/otra [1].';
const own = [{ n: 1, materialId: 'm1', titulo: 'Mis apuntes', pagina: 1, cita: 'El manual oficial' }];
const theirs = own.map((f) => ({ ...f, materialId: '', titulo: AUTHOR_SOURCE_TITLE }));

describe('links in a lesson', () => {
  it('stay links in the learner\'s own lesson', () => {
    const { container } = render(<LessonContent markdown={md} fuentes={own} />);
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://docs.ejemplo.org/guia', 'https://docs.ejemplo.org/otra']);
  });

  it('are plain text, address included, in a copy of someone else\'s material', () => {
    const { container } = render(<LessonContent markdown={md} fuentes={theirs} />);
    expect(container.querySelector('a[href]')).toBeNull();
    expect(container).toHaveTextContent('Lee la guía (https://docs.ejemplo.org/guia) o https://docs.ejemplo.org/otra');
  });

  it('are plain text on a shared page, sources or not', () => {
    const { container } = render(<LessonContent markdown={md} plainLinks />);
    expect(container.querySelector('a[href]')).toBeNull();
  });
});
