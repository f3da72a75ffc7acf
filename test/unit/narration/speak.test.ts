import { pollySpeech, speakAnswer, speakTutorAnswer, spokenAnswerText, SPOKEN_ANSWER_MAX, type SpeakDeps } from '../../../lambdas/narration';
import { narrationMinutes } from '../../../lambdas/plans';
import { mp3Info } from '../../support/audio';
import { describeAudio, useLocalPolly } from '../../support/local-polly';

// A tutor answer read aloud: minutes exhausted is 429 before anything is said; the minutes are reserved
// before Polly hears anything and given back when it fails; simultaneous first plays of one answer make
// one synthesis and one charge (a claim, as narration-store.ts writes it); whole sentences up to Polly's
// synchronous limit; real MP3 from the local Polly in the learner's voice, charged once.

const tick = () => new Promise((resolve) => setImmediate(resolve));

const deps = (speech: SpeakDeps['speech'], usados = 0) => {
  const charged: number[] = [];
  const month = { usados };
  const d: SpeakDeps = {
    speech,
    allowance: {
      reserve: async (_u, characters) => {
        await tick();
        const m = narrationMinutes(characters);
        if (month.usados + m > 30) return { renuevaEl: '2026-12-01T00:00:00.000Z' };
        month.usados += m;
        return { release: async () => void (month.usados -= m), charge: async () => void charged.push(characters) };
      },
    },
    minutesOf: narrationMinutes,
  };
  return { d, charged, month };
};

it('refuses with 429 when the minutes are used, saying nothing and charging nothing', async () => {
  const said: string[] = [];
  const { d, charged } = deps({ synthesize: async ({ text }) => (said.push(text), new Uint8Array()) }, 30);
  await expect(speakAnswer(d, 'ana', 'Hola.', 'Lucia')).rejects.toMatchObject({ status: 429 });
  expect(said).toEqual([]);
  expect(charged).toEqual([]);
});

it('gives the reserved minutes back when Polly fails, charging nothing', async () => {
  const { d, charged, month } = deps({ synthesize: async () => Promise.reject(new Error('ServiceFailureException')) }, 3);
  await expect(speakAnswer(d, 'ana', 'Hola.', 'Lucia')).rejects.toThrow('ServiceFailureException');
  expect(month.usados).toBe(3);
  expect(charged).toEqual([]);
});

it('makes one synthesis and one charge of six simultaneous first plays of one tutor answer; all get its audio', async () => {
  const said: string[] = [];
  const { d, charged } = deps({ synthesize: async ({ text }) => (await tick(), said.push(text), new Uint8Array([1])) });
  const stored = new Map<string, Uint8Array>();
  const claims = new Map<string, string>();
  const voice = {
    ...d,
    tutorAnswer: async () => 'La luz viaja muy rápido.',
    objects: {
      exists: async (key: string) => (await tick(), stored.has(key)),
      put: async (key: string, mp3: Uint8Array) => void stored.set(key, mp3),
      link: async (key: string) => `https://firmado.example/${key}`,
    },
    claims: {
      claim: async (_u: string, name: string, claim: string) => (await tick(), claims.has(name) ? false : (claims.set(name, claim), true)),
      release: async (_u: string, name: string) => void claims.delete(name),
    },
    // The twins give up by the clock (looks × everyMs): 10 s, far past this synthesis even on a loaded machine.
    wait: { everyMs: 5, looks: 2000 },
  };
  const answers = await Promise.all(Array.from({ length: 6 }, () => speakTutorAnswer(voice, 'ana', 'c1', 'f1', 'Lucia')));
  expect(said).toHaveLength(1);
  expect(charged).toHaveLength(1);
  expect(new Set(answers.map((a) => a.audioUrl)).size).toBe(1);
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
