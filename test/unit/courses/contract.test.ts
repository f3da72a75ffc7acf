import { z } from 'zod';
import { evaluationSubmission, planRequest, progressRequest, suggestionsRequest } from '../../../lambdas/contract';
import { outlineOutput } from '../../../lambdas/shared/ai/schemas';

const message = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('course requests', () => {
  it('accepts a plan with only topic and level', () => {
    expect(planRequest.parse({ topic: '  Python ', level: 'principiante' })).toEqual({ topic: 'Python', level: 'principiante' });
  });

  it('refuses unknown fields in a plan', () => {
    expect(planRequest.safeParse({ topic: 'Python', level: 'avanzado', extra: 1 }).success).toBe(false);
  });

  it('explains a wrong level in Spanish', () => {
    expect(message(suggestionsRequest.safeParse({ topic: 'Python', level: 'experto' }))).toBe('El nivel debe ser principiante, intermedio o avanzado');
  });

  it('bounds the number of modules', () => {
    expect(message(planRequest.safeParse({ topic: 'Python', level: 'intermedio', modulos: 9 }))).toBe('El curso puede tener como máximo 8 módulos');
  });

  it('only takes en_curso or completado as lesson progress', () => {
    expect(progressRequest.safeParse({ moduleId: 'm01', lessonId: 'l01', estado: 'completado' }).success).toBe(true);
    expect(message(progressRequest.safeParse({ moduleId: 'm01', lessonId: 'l01', estado: 'hecho' }))).toBe('El estado debe ser en_curso o completado');
  });

  it('refuses two answers to the same question', () => {
    const r = evaluationSubmission.safeParse({ answers: [{ preguntaId: 'p1', opcion: 'A' }, { preguntaId: 'p1', opcion: 'B' }] });
    expect(message(r)).toBe('Hay respuestas repetidas para una misma pregunta');
  });
});

describe('the forced tool schema', () => {
  it('is the zod output schema as JSON Schema, closed to extra fields', () => {
    const schema = z.toJSONSchema(outlineOutput, { target: 'draft-7', io: 'input' }) as Record<string, any>;
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['titulo', 'modulos']));
    expect(schema.properties.modulos.items.properties.lecciones.minItems).toBe(2);
  });
});
