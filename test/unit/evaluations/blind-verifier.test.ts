import { verifyQuestions } from '../../../lambdas/shared/ai/verifier';
import type { GeneratedQuestion } from '../../../lambdas/shared/ai/schemas';
import type { StructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { goodQuestion } from './fixtures';

// The question verifier answers blind (issue 20): it is never shown the writer's key, answers the
// question itself, and a question is kept only when that answer is the key.

type Shown = { indice: number; enunciado: string; fuente?: string; opciones: { opcion: 'A' | 'B' | 'C' | 'D'; texto: string }[] };
const result = <T>(value: T) => ({ value, usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'verifier', promptVersion: 'v', demo: false });

/** A verifier model that answers, for each question, the shown option whose text `pick` chooses. */
function verifierModel(pick: (q: Shown) => string, sent: unknown[] = []) {
  return (async (_spec, data) => {
    sent.push(data);
    const qs = (data as { preguntas: Shown[] }).preguntas;
    return result({
      veredictos: qs.map((q) => {
        const respuesta = q.opciones.find((o) => o.texto === pick(q))?.opcion ?? 'A';
        return { indice: q.indice, respuesta, opcionesDefendibles: [respuesta], enunciadoDelata: false, valida: true, motivo: 'ok' };
      }),
    });
  }) as StructuredModel;
}
const RIGHT = goodQuestion().opciones[0].texto;

describe('the blind verifier', () => {
  it('is never sent the key: no "correcta" field, and the options come in an order that does not mark it', async () => {
    const sent: unknown[] = [];
    // The shuffle puts the key last, so a verifier that trusted the writer's position would answer wrong.
    const keyLast = (n: number) => [...Array.from({ length: n - 1 }, (_, i) => i + 1), 0];
    await verifyQuestions(verifierModel(() => RIGHT, sent), [goodQuestion(1)], keyLast);
    const json = JSON.stringify(sent);
    expect(json).not.toMatch(/correct/i);
    const shown = (sent[0] as { preguntas: Shown[] }).preguntas[0];
    expect(shown.opciones.map((o) => o.opcion)).toEqual(['A', 'B', 'C', 'D']);
    expect(shown.opciones[3].texto).toBe(RIGHT);
  });

  it('keeps a question whose blind answer is the key, whatever order the options were shown in', async () => {
    for (const order of [(n: number) => Array.from({ length: n }, (_, i) => i), (n: number) => Array.from({ length: n }, (_, i) => n - 1 - i)]) {
      const { problems } = await verifyQuestions(verifierModel(() => RIGHT), [goodQuestion(1)], order);
      expect(problems).toEqual([[]]);
    }
  });

  it('drops a question whose blind answer differs from the key (a wrong key is not rubber-stamped)', async () => {
    const wrongKey: GeneratedQuestion = goodQuestion(2, { correcta: 'C' });
    const { problems } = await verifyQuestions(verifierModel(() => RIGHT), [goodQuestion(1), wrongKey]);
    expect(problems[0]).toEqual([]);
    expect(problems[1].join(' ')).toMatch(/sin ver la clave, responde A, no C/);
  });

  it('drops a question it did not answer', async () => {
    const silent = (async () => result({ veredictos: [] })) as unknown as StructuredModel;
    expect((await verifyQuestions(silent, [goodQuestion(1)])).problems).toEqual([['el verificador no la evaluó']]);
  });
});
