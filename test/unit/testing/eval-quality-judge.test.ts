import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { startLocalBedrock } from '../../../infra/local/bedrock';
import { LOCAL_REGION, localCredentials } from '../../../infra/local/local-aws';
import type { CourseItem, EvaluationItem, LessonItem } from '../../../lambdas/course-model/course-items';
import { familyOf } from '../../../lambdas/shared/ai/model-table';
import { modelIdsFromEnv } from '../../../lambdas/shared/ai/models';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { judgeCourse, judgeMarkdown, judgeOfAnotherFamily } from '../../../scripts/eval-quality-judge';

// Issue 33 item 2: `eval:quality --judge` asks a model of another family than the writer for
// verdicts with reasons; on the offline writer the offline judge answers, so the path (prompt,
// forced tool, schema, report) is exercised here without a model.

let bedrock: Awaited<ReturnType<typeof startLocalBedrock>>;
beforeAll(async () => {
  bedrock = await startLocalBedrock({ latencyMs: 0, faults: '' });
});
afterAll(() => bedrock.close());

const leccion = 'La exposición combina apertura, velocidad y sensibilidad ISO. Una apertura grande deja pasar más luz y reduce la profundidad de campo. ' + 'Una velocidad lenta deja entrar luz durante más tiempo y puede mover la imagen. '.repeat(40);
const course = {
  courseId: 'c1', userId: 'u', topic: 'Fotografía', nivel: 'principiante', objetivos: [], estado: 'listo', titulo: 'Fotografía',
  modulos: [{ moduleId: 'm01', titulo: 'La exposición', descripcion: '', lecciones: [{ lessonId: 'l01', titulo: 'Apertura y luz', resumen: '' }] }],
} as unknown as CourseItem;
const lessons = [{ courseId: 'c1', moduleId: 'm01', lessonId: 'l01', contenido: leccion }] as LessonItem[];
const pregunta = (enunciado: string, correcta: 'A' | 'B') => ({ preguntaId: enunciado, enunciado, opciones: ['Una apertura grande deja pasar más luz y reduce la profundidad de campo', 'La luz del flash cambia el color del cielo', 'El ISO bajo hace la foto más rápida', 'El trípode mejora la nitidez del color'], correcta, explicacion: '' });
const evaluations = [{ courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'v1', preguntas: [pregunta('¿Qué hace una apertura grande?', 'A'), pregunta('¿Qué hace una apertura grande, otra vez?', 'B')] }] as unknown as EvaluationItem[];

it('rates every lesson and question with a Spanish reason, from a judge of another family, and the report keeps the verdicts', async () => {
  const client = new BedrockRuntimeClient({ endpoint: bedrock.url, region: LOCAL_REGION, credentials: localCredentials });
  const ids = modelIdsFromEnv();
  const verdicts = await judgeCourse(bedrockStructuredModel(client, ids), course, lessons, evaluations);
  expect(judgeOfAnotherFamily(verdicts.modelId, ids.lesson)).toBe(true);
  expect(familyOf(verdicts.modelId)).not.toBe(familyOf(ids.lesson));
  expect(verdicts.lecciones).toHaveLength(1);
  expect(verdicts.lecciones[0]).toMatchObject({ titulo: 'Apertura y luz', motivo: expect.stringContaining('Juez sin conexión') });
  // The key that is the lesson's sentence is judged right; the one marked on a made-up option is not.
  expect(verdicts.preguntas.map((q) => q.correcta)).toEqual([true, false]);
  const report = judgeMarkdown([{ topic: 'Fotografía', level: 'principiante', judge: verdicts }]).join('\n');
  expect(report).toContain('| Fotografía (principiante) |');
  expect(report).toContain('INCORRECTA');
  expect(report).toContain('no comprueba la exactitud');
  client.destroy();
});

it('refuses a judge of the writer\'s own family', () => {
  expect(judgeOfAnotherFamily('us.amazon.nova-pro-v1:0', 'us.amazon.nova-lite-v1:0')).toBe(false);
  expect(judgeOfAnotherFamily('us.anthropic.claude-haiku-4-5-20251001-v1:0', 'us.amazon.nova-lite-v1:0')).toBe(true);
});
