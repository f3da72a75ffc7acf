import { offlineToolInput } from '../../../infra/local/offline-writer';
import { prompts } from '../../../lambdas/shared/ai/prompts';

describe('the offline writer', () => {
  const data = { topic: 'Fotografía', level: 'intermedio', modulos: 5, leccionesPorModulo: 4 };

  it('writes an outline of the requested shape that the outline schema accepts', () => {
    const outline = prompts.outline.schema.parse(offlineToolInput(prompts.outline.tool, data));
    expect(outline.modulos).toHaveLength(5);
    expect(outline.modulos.every((m) => m.lecciones.length === 4)).toBe(true);
    expect(outline.titulo).toContain('Fotografía');
  });

  it('is deterministic', () => {
    expect(offlineToolInput(prompts.outline.tool, data)).toEqual(offlineToolInput(prompts.outline.tool, data));
  });

  it('labels lessons as demonstration content', () => {
    const lesson = prompts.lesson.schema.parse(offlineToolInput(prompts.lesson.tool, { curso: data, leccion: { titulo: 'Luz', resumen: 'La luz.' } }));
    expect(lesson.introduccion).toContain('Contenido de demostración');
  });

  it('suggests between 3 and 6 courses', () => {
    const s = prompts.suggestions.schema.parse(offlineToolInput(prompts.suggestions.tool, data));
    expect(s.sugerencias.length).toBeGreaterThanOrEqual(3);
  });
});
