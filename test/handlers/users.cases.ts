import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';

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
};
