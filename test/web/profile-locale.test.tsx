import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi } from './fake-api';
import { renderAt, signedIn } from './courses/fixtures';

// /profile's "País y trato" (issue 33): the learner's country and form of address, which lessons and the tutor follow.

const me = { 'GET /users/me': () => [200, { success: true, data: aUser }] as [number, unknown] };
const section = () => screen.findByRole('region', { name: 'País y trato' });

it('proposes tú, saves the chosen country and form of address, and shows a refusal in Spanish', async () => {
  signedIn(aUser);
  let status = 400;
  const api = fakeApi({
    ...me,
    'PUT /users/profile': () => (status === 400 ? [400, { success: false, message: 'Ese país no está en la lista: elige uno de los que ofrecemos' }] : [200, { success: true, data: { ...aUser, pais: 'MX', tratamiento: 'usted' }, message: 'Perfil actualizado' }]),
  });
  renderAt('/profile');
  const box = await section();
  expect(within(box).getByRole('radio', { name: /Tú/ })).toBeChecked();
  await userEvent.selectOptions(within(box).getByLabelText('País'), 'México');
  await userEvent.click(within(box).getByRole('radio', { name: /Usted/ }));
  await userEvent.click(within(box).getByRole('button', { name: 'Guardar preferencias' }));
  expect(await screen.findByText('Ese país no está en la lista: elige uno de los que ofrecemos')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ tratamiento: 'usted', pais: 'MX' });
  status = 200;
  await userEvent.click(within(box).getByRole('button', { name: 'Guardar preferencias' }));
  expect(await screen.findByText(/Preferencias guardadas/)).toBeInTheDocument();
  expect(within(box).getByRole('button', { name: 'Guardar preferencias' })).toBeDisabled();
});
