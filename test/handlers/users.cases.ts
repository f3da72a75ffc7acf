import type { GroupCases } from '../support/route-cases';
import { accessClaims, invoke } from '../support/invoke';
import { learner, PASSWORD, startedCourse } from '../support/learners';

export const cases: GroupCases = {
  'GET /users/me': {
    success: [
      'answers the signed-in learner',
      async () => {
        const { userId, email } = await learner('Diego');
        const res = await invoke('GET /users/me', { userId });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { id: userId, email, nombre: 'Diego', plan: { nombre: 'gratuito' } } } });
      },
    ],
  },
  'PUT /users/profile': {
    badBody: { body: {}, message: 'Indica al menos un dato del perfil que quieras cambiar' },
    success: [
      'saves the new interests and answers the updated learner',
      async () => {
        const { userId } = await learner();
        const res = await invoke('PUT /users/profile', { userId, body: { intereses: ['Historia'], bio: 'Aprendo cada día' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, data: { intereses: ['Historia'], bio: 'Aprendo cada día' } } });
        expect((await invoke('GET /users/me', { userId })).body.data).toMatchObject({ intereses: ['Historia'] });
      },
    ],
  },
  'POST /users/password': {
    badBody: { body: { actual: 'Aprender2025', nueva: 'sinmayusculas1' }, message: 'La contraseña debe incluir una letra mayúscula' },
    success: [
      'changes the password with the caller\'s own access token',
      async () => {
        const { userId, email, tokens } = await learner();
        const headers = { authorization: `Bearer ${tokens.accessToken}` };
        const res = await invoke('POST /users/password', { userId, headers, body: { actual: PASSWORD, nueva: 'Cambiada-2026' } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Contraseña actualizada. Cerramos la sesión en tus otros dispositivos.', tokens: { accessToken: expect.any(String) } } });
        expect((await invoke('POST /auth/login', { body: { email, password: 'Cambiada-2026' } })).status).toBe(200);
      },
    ],
  },
  'DELETE /users/me': {
    badBody: { body: {}, message: 'Escribe el correo de tu cuenta para confirmar' },
    success: [
      'deletes the account confirmed with its email: its sessions end (issue 20: a token from before is refused)',
      async () => {
        const { userId, email } = await learner('Irene');
        // A token issued before the deletion, not one minted at the GET (invoke's claims say "issued
        // now": on a loaded machine that second fell after the cutoff and answered 404).
        const before = accessClaims(userId);
        const res = await invoke('DELETE /users/me', { userId, body: { confirmacion: ` ${email.toUpperCase()} ` } });
        expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Tu cuenta y todos tus datos se han eliminado.' } });
        const after = await invoke('GET /users/me', { userId, claims: before });
        expect(after.status).toBe(401);
        expect(after.body.message).toMatch(/^Tu sesión ha terminado/);
      },
    ],
  },
  'GET /users/me/export': {
    success: [
      'answers the learner\'s data as a JSON attachment',
      async () => {
        const { userId, email } = await learner('Olga');
        const res = await invoke('GET /users/me/export', { userId });
        expect(res.status).toBe(200);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mentora-mis-datos-\d{4}-\d{2}-\d{2}\.json"$/);
        expect(res.body.data).toMatchObject({ formato: 'mentora-datos/1', cuenta: { id: userId, email, nombre: 'Olga' } });
      },
    ],
  },
  'PUT /users/courses/{id}/visibility': {
    badBody: { body: { publico: 'si' }, message: 'Indica si el tema del curso es público (verdadero o falso)' },
    success: [
      'shows the course\'s topic on the public profile, and hides it again',
      async () => {
        const { userId } = await learner('Pablo');
        const { courseId } = await startedCourse(userId);
        const shown = await invoke('PUT /users/courses/{id}/visibility', { userId, params: { id: courseId }, body: { publico: true } });
        expect(shown).toMatchObject({ status: 200, body: { data: { temasPublicos: { [courseId]: 'Python para análisis de datos' } } } });
        const hidden = await invoke('PUT /users/courses/{id}/visibility', { userId, params: { id: courseId }, body: { publico: false } });
        expect(hidden).toMatchObject({ status: 200, body: { message: 'El tema del curso ya no aparece en tu perfil público' } });
        expect(hidden.body.data.temasPublicos).toEqual({});
      },
    ],
  },
};
