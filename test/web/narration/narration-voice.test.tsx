import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, fakeApi } from '../fake-api';
import { ok, renderAt, signedIn } from '../courses/fixtures';

// /profile's "Voz de narración": the six voices by accent, a sample of each, the choice saved.

const mia = { ...aUser, voz: 'Mia' };
const me = { 'GET /users/me': () => [200, { success: true, data: mia }] as [number, unknown] };

beforeEach(() => {
  signedIn(mia);
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => jest.restoreAllMocks());

const section = () => screen.findByRole('region', { name: 'Voz de narración' });

describe('/profile: the narration voice', () => {
  it('an unknown voice refused by the server (400) is said in Spanish and the profile keeps its voice', async () => {
    const refusal = 'Esa voz no existe: elige Lucía, Sergio, Mía, Andrés, Lupe, Pedro';
    const api = fakeApi({ ...me, 'PUT /users/profile': () => [400, { success: false, message: refusal }] });
    renderAt('/profile');
    const voices = await section();
    await userEvent.click(within(voices).getByRole('radio', { name: /Pedro/ }));
    await userEvent.click(within(voices).getByRole('button', { name: 'Guardar voz' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ voz: 'Pedro' });
    expect(within(voices).getByRole('button', { name: 'Guardar voz' })).toBeEnabled();
  });

  it('groups the six voices by accent with the current one checked, plays a sample and saves the choice', async () => {
    const api = fakeApi({
      ...me,
      'GET /narration/voices/Pedro/sample': () => ok({ voz: 'Pedro', audioUrl: 'https://audio.test/pedro.mp3' }),
      'PUT /users/profile': (c) => [200, { success: true, data: { ...aUser, ...(c.body as object) }, message: 'Perfil actualizado' }],
    });
    renderAt('/profile');
    const voices = await section();
    const group = (name: string) => within(within(voices).getByRole('group', { name })).getAllByRole('radio').map((r) => r.closest('label')!.textContent);
    expect(group('España')).toEqual(['Lucía (femenina)', 'Sergio (masculina)']);
    expect(group('México')).toEqual(['Mía (femenina)', 'Andrés (masculina)']);
    expect(group('Estados Unidos')).toEqual(['Lupe (femenina)', 'Pedro (masculina)']);
    expect(within(voices).getByRole('radio', { name: /Mía/ })).toBeChecked();
    expect(within(voices).getByRole('button', { name: 'Guardar voz' })).toBeDisabled();

    await userEvent.click(within(voices).getByRole('button', { name: 'Escuchar muestra de Pedro (Estados Unidos, voz masculina)' }));
    await waitFor(() => expect(screen.getByTestId('muestra-de-voz')).toHaveAttribute('src', 'https://audio.test/pedro.mp3'));
    expect(within(voices).getByRole('button', { name: 'Detener la muestra de Pedro' })).toBeInTheDocument();
    await userEvent.click(within(voices).getByRole('button', { name: 'Detener la muestra de Pedro' }));
    expect(within(voices).getByRole('button', { name: /Escuchar muestra de Pedro/ })).toBeInTheDocument();
    // Listening is not choosing.
    expect(within(voices).getByRole('radio', { name: /Mía/ })).toBeChecked();
    expect(api.count('PUT /users/profile')).toBe(0);

    await userEvent.click(within(voices).getByRole('radio', { name: /Pedro/ }));
    await userEvent.click(within(voices).getByRole('button', { name: 'Guardar voz' }));
    await waitFor(() => expect(within(voices).getByText('Voz actual: Pedro')).toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ voz: 'Pedro' });
  });

  it('a sample that cannot be read says so in Spanish and nothing plays', async () => {
    fakeApi({ ...me, 'GET /narration/voices/Lupe/sample': () => [503, { success: false, message: 'El servicio de voz no responde. Inténtalo de nuevo.' }] });
    renderAt('/profile');
    const voices = await section();
    await userEvent.click(within(voices).getByRole('button', { name: /Escuchar muestra de Lupe/ }));
    expect(await within(voices).findByRole('alert')).toHaveTextContent('El servicio de voz no responde. Inténtalo de nuevo.');
    expect(screen.getByTestId('muestra-de-voz')).not.toHaveAttribute('src');
  });
});
