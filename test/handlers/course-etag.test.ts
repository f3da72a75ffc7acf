import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

// Issue 44 item 7: GET /courses/{id} is a conditional read. A downloaded course refreshes with its copy's tag and
// an unchanged course answers 304 with no body; the owner is checked before the tag.

describe('GET /courses/{id} conditional reads', () => {
  it('another learner holding the owner\'s tag (or *) gets the 404, never a 304 that confirms the course', async () => {
    const owner = await learner();
    const other = await learner();
    const { courseId } = await generatedCourse(owner.userId);
    const { etag } = (await invoke('GET /courses/{id}', { userId: owner.userId, params: { id: courseId } })).headers;
    expect(etag).toMatch(/^W\/"/);
    for (const header of [etag, '*']) {
      const res = await invoke('GET /courses/{id}', { userId: other.userId, params: { id: courseId }, headers: { 'if-none-match': header } });
      expect(res.status).toBe(404);
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it('the same tag answers 304 with no body; a lesson\'s progress changes the tag and the whole course comes back', async () => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId);
    const first = await invoke('GET /courses/{id}', { userId, params: { id: courseId } });
    expect(first.status).toBe(200);
    const { etag } = first.headers;
    expect((await invoke('GET /courses/{id}', { userId, params: { id: courseId } })).headers.etag).toBe(etag);

    const same = await invoke('GET /courses/{id}', { userId, params: { id: courseId }, headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(same.body).toBeUndefined();
    expect(same.headers).toMatchObject({ etag, 'cache-control': 'no-store' });

    const { moduleId, lecciones } = first.body.data.modulos[0] as { moduleId: string; lecciones: { lessonId: string }[] };
    await invoke('POST /courses/{id}/progress', { userId, params: { id: courseId }, body: { moduleId, lessonId: lecciones[0].lessonId, estado: 'completado' } });
    const moved = await invoke('GET /courses/{id}', { userId, params: { id: courseId }, headers: { 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(moved.body.data.modulos[0].lecciones[0].progreso).toBe('completado');
  });
});
