import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { writeLesson } from '../../../lambdas/shared/ai/lesson-writer';
import type { QualityCheck } from '../../../lambdas/shared/ai/text-checks';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { chatterProblems, isSpanish, lessonProblems, lessonStructureProblems } from '../../../lambdas/shared/ai/text-checks';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { spanishLesson } from '../../support/lesson-fixture';
import { course } from '../tutor/fakes';

const englishLesson = () => ({
  ...spanishLesson(),
  introduccion: 'In the previous lesson you saw how the viewfinder works. Now you will learn where to place the subject in the frame so the picture breathes.',
  explicacion: [
    { subtitulo: 'The rule of thirds', texto: 'The rule of thirds divides the frame into nine equal parts with two horizontal and two vertical lines. Placing the subject on one of those lines creates a more balanced and dynamic composition than always centring it.' },
    { subtitulo: 'Exposure and light', texto: 'Exposure depends on three values: the aperture, the shutter speed and the ISO sensitivity. Changing one forces you to compensate with the other two so the photograph is neither dark nor blown out.' },
  ],
});

describe('the language check', () => {
  it('accepts Spanish prose, code aside', () => {
    expect(isSpanish(lessonMarkdown(spanishLesson()))).toBe(true);
    expect(isSpanish('Usa `console.log` para ver el valor:\n\n```js\nconst total = items.reduce((a, b) => a + b, 0);\n```\n\nAsí compruebas el resultado de cada paso.')).toBe(true);
  });

  it('refuses English, and a Spanish lesson whose explanation is in English', () => {
    expect(isSpanish('This lesson explains how the rule of thirds works in photography and why it matters so much for beginners.')).toBe(false);
    expect(isSpanish(lessonMarkdown(englishLesson()))).toBe(false);
  });
});

describe('the chatter and structure checks', () => {
  it('find chatter around the content', () => {
    expect(chatterProblems(['¡Claro! Aquí tienes la lección sobre la luz.'])).toHaveLength(1);
    expect(chatterProblems(['La luz se mide en lux. Espero que te sirva.'])).toHaveLength(1);
    expect(chatterProblems(['La regla de los tercios divide el encuadre en nueve partes.'])).toEqual([]);
  });

  it('find a missing section in a stored lesson', () => {
    const md = lessonMarkdown(spanishLesson());
    expect(lessonStructureProblems(md)).toEqual([]);
    expect(lessonStructureProblems(md.replace(/#### Solución[\s\S]*?(?=### Comprueba)/, ''))).toEqual(['Falta la sección «Solución».']);
  });

  it('name every problem of a crafted English lesson with chatter', () => {
    const checks = lessonProblems({ ...englishLesson(), introduccion: `¡Claro! ${englishLesson().introduccion}` }).map((p) => p.check);
    expect(checks).toEqual(expect.arrayContaining<QualityCheck>(['idioma', 'relleno']));
  });
});

// A Converse client that answers the given lessons in turn, recording what it was sent.
function scripted(...lessons: object[]) {
  const sent: any[] = [];
  const client = {
    send: async (command: { input: unknown }) => {
      sent.push(command.input);
      const input = lessons[sent.length - 1];
      return { output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: `t${sent.length}`, name: 'registrar_leccion', input } }] } }, usage: { inputTokens: 10, outputTokens: 10 } };
    },
  } as unknown as BedrockRuntimeClient;
  return { model: bedrockStructuredModel(client, { fast: 'rapido', strong: 'potente' }), sent };
}
const c = course();
const subject = { course: c, module: c.modulos[0], lessonId: 'l01' };
function counters() {
  const recorded: string[] = [];
  return { recorded, record: async (v: string, check: string, outcome: string) => void recorded.push(`${v}/${check}/${outcome}`) };
}

describe('a crafted English lesson', () => {
  it('is repaired once: the repair turn says what was wrong, the Spanish answer is stored, the problem counted', async () => {
    const { model, sent } = scripted(englishLesson(), spanishLesson());
    const q = counters();
    const result = await writeLesson(model, subject, q);
    expect(result.markdown).toContain('La regla de los tercios divide el encuadre');
    expect(sent).toHaveLength(2);
    expect(sent[1].messages[2].content[0].toolResult.content[0].text).toMatch(/entero en español/);
    expect(q.recorded).toEqual(['leccion-v4/idioma/detectado']);
  });

  it('fails when the repair is still English, and counts the failure', async () => {
    const { model } = scripted(englishLesson(), englishLesson());
    const q = counters();
    await expect(writeLesson(model, subject, q)).rejects.toMatchObject({ name: 'InvalidModelOutput' });
    expect(q.recorded.sort()).toEqual(['leccion-v4/idioma/detectado', 'leccion-v4/idioma/fallido']);
  });
});
