import { pollySpeech, speakAnswer, spokenAnswerText, SPOKEN_ANSWER_MAX, type SpeakDeps } from '../../../lambdas/narration';
import { narrationMinutes } from '../../../lambdas/plans';
import { mp3Info } from '../../support/audio';
import { describeAudio, useLocalPolly } from '../../support/local-polly';

// A tutor answer read aloud: minutes exhausted is 429 before anything is said; whole sentences up to
// Polly's synchronous limit; real MP3 from the local Polly in the learner's voice, charged once.

const deps = (speech: SpeakDeps['speech'], usados = 0) => {
  const charged: number[] = [];
  const d: SpeakDeps = {
    speech,
    allowance: { minutes: async () => ({ usados, limite: 30, renuevaEl: '2026-12-01T00:00:00.000Z' }), charge: async (_u, c) => void charged.push(c) },
    minutesOf: narrationMinutes,
  };
  return { d, charged };
};

it('refuses with 429 when the minutes are used, saying nothing and charging nothing', async () => {
  const said: string[] = [];
  const { d, charged } = deps({ synthesize: async ({ text }) => (said.push(text), new Uint8Array()) }, 30);
  await expect(speakAnswer(d, 'ana', 'Hola.', 'Lucia')).rejects.toMatchObject({ status: 429 });
  expect(said).toEqual([]);
  expect(charged).toEqual([]);
});

it('says whole sentences up to Polly synchronous limit, code announced', () => {
  const long = Array.from({ length: 200 }, (_, i) => `La frase número ${i} del tutor.`).join('\n\n');
  const text = spokenAnswerText(long);
  expect(text.length).toBeLessThanOrEqual(SPOKEN_ANSWER_MAX);
  expect(text.endsWith('del tutor.')).toBe(true);
  expect(spokenAnswerText('Mira:\n```js\nconsole.log(1)\n```')).toBe('Mira:\nAquí hay un bloque de código en JavaScript.');
});

describeAudio('on the local Polly', () => {
  const local = useLocalPolly();

  it('answers real MP3 in the voice asked and charges its characters', async () => {
    const client = local.client();
    const { d, charged } = deps(pollySpeech(() => client));
    const out = await speakAnswer(d, 'ana', 'La **fotosíntesis** usa la luz. ¿Lo ves?', 'Andres');
    expect(mp3Info(out.audio).durationMs).toBeGreaterThan(1000);
    expect(charged).toEqual([out.caracteres]);
    expect(local.polly().counted()).toMatchObject({ calls: 1, characters: out.caracteres });
  });
});
