import { NARRATION_VOICES } from '../../lambdas/contract';
import { invoke } from '../support/invoke';
import { learner } from '../support/learners';

// The learner's narration voice (issue 26) lives in the profile: one of Polly's six neural Spanish
// voices. An unknown voice is a Spanish 400 that changes nothing; a known one is kept and answered.

it('refuses a voice that is not one of the six, in Spanish, and keeps the profile as it was', async () => {
  const { userId } = await learner();
  for (const voz of ['Joanna', 'Conchita', 'lucia', '', 3]) {
    const res = await invoke('PUT /users/profile', { userId, body: { voz } });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Esa voz no existe: elige Lucía, Sergio, Mía, Andrés, Lupe, Pedro' } });
  }
  expect((await invoke('GET /users/me', { userId })).body.data).not.toHaveProperty('voz');
});

it('keeps each of the six voices and answers it with the learner', async () => {
  const { userId } = await learner();
  expect(NARRATION_VOICES.map((v) => v.id)).toEqual(['Lucia', 'Sergio', 'Mia', 'Andres', 'Lupe', 'Pedro']);
  for (const { id } of NARRATION_VOICES) {
    const res = await invoke('PUT /users/profile', { userId, body: { voz: id } });
    expect(res).toMatchObject({ status: 200, body: { data: { voz: id } } });
  }
  expect((await invoke('GET /users/me', { userId })).body.data).toMatchObject({ voz: 'Pedro' });
});
