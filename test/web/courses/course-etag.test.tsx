import { screen } from '@testing-library/react';
import { fakeApi, type Call } from '../fake-api';
import { aCourse, lesson, me, moduleOf, ok, progressAnswer, renderAt, signedIn } from './fixtures';

// Issue 44 item 7 on ordinary visits: the course page's read sends the ETag of the course it read before as
// If-None-Match; the server's 304 (no body) is answered from the copy the page kept, and the lesson shows as it was.

const course = aCourse({ modulos: [moduleOf('m1', [lesson('l1', { contenido: '# l1\n\nUna variable guarda un valor.' })])] });
const TAG = 'W/"v1"';

beforeEach(() => signedIn());

it('a second visit asks with the ETag it was given, and a 304 shows the course it already had', async () => {
  const answered: number[] = [];
  const api = fakeApi({
    ...me,
    'GET /courses/c-1': (c: Call) => {
      const unchanged = c.ifNoneMatch === TAG;
      answered.push(unchanged ? 304 : 200);
      return unchanged ? [304, undefined, { etag: TAG }] : [200, { success: true, data: course }, { etag: TAG }];
    },
    'POST /courses/c-1/progress': () => progressAnswer('m1', 'l1'),
  });
  const first = renderAt('/course/c-1?modulo=m1&leccion=l1');
  expect(await screen.findByText('Una variable guarda un valor.')).toBeInTheDocument();
  first.unmount();

  renderAt('/course/c-1?modulo=m1&leccion=l1');
  expect(await screen.findByText('Una variable guarda un valor.')).toBeInTheDocument();
  const reads = api.calls.filter((c) => c.path === '/courses/c-1');
  expect(reads.map((c) => c.ifNoneMatch)).toEqual([undefined, TAG]);
  expect(answered).toEqual([200, 304]);
  expect(screen.queryByText(/No pudimos cargar el curso/)).not.toBeInTheDocument();
});

it('a course answered without a tag is read whole again (nothing is assumed)', async () => {
  const api = fakeApi({ ...me, 'GET /courses/c-2': () => ok({ ...course, courseId: 'c-2' }), 'POST /courses/c-2/progress': () => progressAnswer('m1', 'l1') });
  for (let visit = 0; visit < 2; visit++) {
    const view = renderAt('/course/c-2?modulo=m1&leccion=l1');
    expect(await screen.findByText('Una variable guarda un valor.')).toBeInTheDocument();
    view.unmount();
  }
  expect(api.calls.filter((c) => c.path === '/courses/c-2').map((c) => c.ifNoneMatch)).toEqual([undefined, undefined]);
});
