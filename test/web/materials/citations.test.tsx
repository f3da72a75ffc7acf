import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTHOR_SOURCE_TITLE, type NumberedSource } from '../../../lambdas/contract/sources';
import { QueryProvider } from '../../../web/src/app/providers/query-provider';
import { TutorMessages } from '../../../web/src/features/tutor/tutor-messages';
import { fakeApi } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, progressAnswer, renderAt, signedIn } from '../courses/fixtures';
import { aMaterial, IDS } from './fixtures';

beforeEach(() => signedIn());

const fuentes: NumberedSource[] = [
  { n: 1, materialId: IDS[0], titulo: 'Manual de Biología', pagina: 12, cita: 'La fotosíntesis ocurre en los cloroplastos.' },
  { n: 2, materialId: IDS[1], titulo: 'Apuntes pegados', pagina: 1, cita: 'La clorofila absorbe la luz roja y azul.' },
];
const CONTENIDO = 'La fotosíntesis ocurre en los cloroplastos [1]. La clorofila absorbe luz [2].\n\nEn Python, `lista [1]` no es una fuente, y [7] tampoco.';
const DOC = 'http://s3.local/materiales/u/doc.pdf?X-Amz-Signature=abc';

function openLesson() {
  const api = fakeApi({
    ...me,
    'GET /courses/c-1': () => ok(aCourse({ materiales: [{ materialId: IDS[0], titulo: 'Manual de Biología' }], modulos: [moduleOf('m1', [lesson('l1', { contenido: CONTENIDO, fuentes })])] })),
    'POST /courses/c-1/progress': () => progressAnswer('m1', 'l1'),
    [`GET /materials/${IDS[0]}`]: () => ok({ ...aMaterial({ materialId: IDS[0], titulo: 'Manual de Biología', origen: 'archivo', tipo: 'application/pdf', bytes: 90_000, paginas: 40 }), documentoUrl: DOC }),
    [`GET /materials/${IDS[1]}`]: () => ok({ ...aMaterial({ materialId: IDS[1], titulo: 'Apuntes pegados' }) }),
  });
  renderAt('/course/c-1?modulo=m1&leccion=l1');
  return api;
}

describe('citations in a grounded lesson (issue 24)', () => {
  it('marks only the sources the lesson carries: code and unknown numbers stay text', async () => {
    openLesson();
    const article = (await screen.findByRole('heading', { level: 2, name: 'Lección l1' })).closest('article')!;
    const content = within(article).getByText(/La fotosíntesis ocurre en los cloroplastos/).closest('p')!;
    expect(within(content).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Fuente 1: Manual de Biología, página 12',
      'Fuente 2: Apuntes pegados, página 1',
    ]);
    expect(within(article).getByText('lista [1]').tagName).toBe('CODE');
    expect(within(article).getByText(/y \[7\] tampoco/)).toBeInTheDocument();
  });

  it('a mark opens the passage with its page and a link to the document at that page; Escape gives focus back', async () => {
    const api = openLesson();
    const user = userEvent.setup();
    const article = (await screen.findByRole('heading', { level: 2, name: 'Lección l1' })).closest('article')!;
    const mark = within(article.querySelector('p')!.parentElement!).getAllByRole('button', { name: /^Fuente 1:/ })[0];
    await user.click(mark);
    const dialog = screen.getByRole('dialog', { name: 'Manual de Biología' });
    expect(within(dialog).getByText('Página 12')).toBeInTheDocument();
    expect(within(dialog).getByText('«La fotosíntesis ocurre en los cloroplastos.»')).toBeInTheDocument();
    const link = await within(dialog).findByRole('link', { name: /Abrir el documento en la página 12/ });
    expect(link).toHaveAttribute('href', `${DOC}#page=12`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(api.count(`GET /materials/${IDS[0]}`)).toBe(1);
    // SPEC §4: the blocking overlay of the lesson's progress swallows Escape while it is shown.
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mark).toHaveFocus();
  });

  it('pasted text has no document to open: the passage and its page only', async () => {
    openLesson();
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Lección l1' });
    await user.click(screen.getAllByRole('button', { name: /^Fuente 2:/ })[0]);
    const dialog = screen.getByRole('dialog', { name: 'Apuntes pegados' });
    expect(within(dialog).getByText('«La clorofila absorbe la luz roja y azul.»')).toBeInTheDocument();
    await screen.findByText('Página 1');
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a copied lesson\'s source (no material id) shows the quote and page, asks for no document and says whose it is', async () => {
    const api = fakeApi({
      ...me,
      'GET /courses/c-1': () => ok(aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: 'Ocurre en los cloroplastos [1].', fuentes: [{ n: 1, materialId: '', titulo: AUTHOR_SOURCE_TITLE, pagina: 3, cita: 'La fotosíntesis ocurre en los cloroplastos.' }] })])] })),
      'POST /courses/c-1/progress': () => progressAnswer('m1', 'l1'),
    });
    renderAt('/course/c-1?modulo=m1&leccion=l1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Lección l1' });
    await user.click(screen.getAllByRole('button', { name: /^Fuente 1:/ })[0]);
    const dialog = screen.getByRole('dialog', { name: AUTHOR_SOURCE_TITLE });
    expect(within(dialog).getByText('Página 3')).toBeInTheDocument();
    expect(within(dialog).getByText('El documento original es del autor del curso: aquí tienes la cita y su página.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/materials')).map((c) => c.path)).toEqual([]);
  });

  it('lists the lesson\'s sources under it, by number', async () => {
    openLesson();
    const list = await screen.findByRole('region', { name: 'Fuentes de esta lección' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1«Manual de Biología», página 12', '2«Apuntes pegados», página 1']);
  });
});

describe('a tutor answer with sources', () => {
  it('gets the same marks', async () => {
    fakeApi({});
    const user = userEvent.setup();
    render(
      <QueryProvider>
        <TutorMessages courseId="c-1" sending={false} turns={[
          { rol: 'alumno', texto: '¿Dónde ocurre?', fecha: '2026-11-25T10:00:00.000Z' },
          { rol: 'tutor', texto: 'En los cloroplastos [1].', fecha: '2026-11-25T10:00:01.000Z', fuentes: [fuentes[0]] },
        ]} />
      </QueryProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Fuente 1: Manual de Biología, página 12' }));
    expect(screen.getByRole('dialog', { name: 'Manual de Biología' })).toHaveTextContent('La fotosíntesis ocurre en los cloroplastos.');
  });
});
