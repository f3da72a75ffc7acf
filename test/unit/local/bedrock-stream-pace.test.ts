import { estimateTokens, streamFrames, type ConverseReply } from '../../../infra/local/bedrock-protocol';
import { offlineToolInput } from '../../../infra/local/offline-writer';

// Issue 42: the local Bedrock paces a ConverseStream by the output tokens of each frame. They must add
// up to the tokens the answer bills, as a model at the table's tokens per second writes them: counted
// piece by piece (each piece's JSON-escaped quotes and its own two quote marks) they came to ≈ 16 % more,
// and an outline's first module arrived that much later than the model's pace allows.

const reply = (content: ConverseReply['content']): ConverseReply => ({ content, usage: { inputTokens: 100, outputTokens: estimateTokens(content) } });

it("an outline's tool input is paced by the tokens the answer bills, shared by characters", () => {
  const input = offlineToolInput('registrar_esquema_curso', { topic: 'Programación en Python', level: 'principiante', modulos: 5, leccionesPorModulo: 4 });
  const r = reply([{ toolUse: { toolUseId: 't1', name: 'registrar_esquema_curso', input } }]);
  const frames = streamFrames(r);
  const deltas = frames.filter((f) => f.input !== undefined);
  expect(deltas.map((f) => f.input).join('')).toBe(JSON.stringify(input));
  expect(frames.reduce((n, f) => n + f.tokens, 0)).toBeCloseTo(r.usage.outputTokens, 6);
  // A piece's share follows its length: twice the characters, twice the tokens.
  const [a, b] = [deltas[0], deltas.at(-1)!];
  expect(a.tokens / a.input!.length).toBeCloseTo(b.tokens / b.input!.length, 9);
});

it('a text answer (the tutor) too; frames that carry no output (start, stop, metadata) take no time', () => {
  const r = reply([{ text: 'Una lista se puede cambiar; una tupla, no. '.repeat(20) }]);
  const frames = streamFrames(r);
  expect(frames.reduce((n, f) => n + f.tokens, 0)).toBeCloseTo(r.usage.outputTokens, 6);
  expect(frames.filter((f) => f.tokens === 0)).toHaveLength(4); // messageStart, contentBlockStop, messageStop, metadata
});
