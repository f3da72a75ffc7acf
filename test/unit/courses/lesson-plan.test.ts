import { lessonPromptData } from '../../../lambdas/shared/ai/lesson-writer';
import { prompts, renderPrompt } from '../../../lambdas/shared/ai/prompts';
import { offlineToolInput } from '../../../infra/local/offline-writer';
import { course } from '../tutor/fakes';

const plan = {
  objetivos: ['Sumar vectores gráficamente', 'Distinguir magnitud y dirección'],
  terminosClave: ['vector', 'magnitud', 'dirección'],
  conceptosErroneos: ['Creer que un vector es solo un número'],
  ejemploConductor: 'Un dron que vuela empujado por el viento',
};
const c = course({ descripcion: 'Álgebra lineal para estudiantes de ingeniería', objetivos: ['Resolver sistemas de ecuaciones'], nivel: 'avanzado' });
const mod = { ...c.modulos[0], lecciones: [...c.modulos[0].lecciones, { lessonId: 'l03', titulo: 'Producto escalar', resumen: 'Proyecciones' }], plan };

describe('the lesson prompt follows the course plan', () => {
  const data = lessonPromptData({ course: c, module: mod, lessonId: 'l02' });
  const text = renderPrompt(prompts.lesson, data);

  it("carries the course's goal and the module's plan", () => {
    expect(data.curso.meta).toContain('Álgebra lineal para estudiantes de ingeniería');
    expect(data.curso.meta).toContain('Resolver sistemas de ecuaciones');
    expect(data.modulo).toMatchObject(plan);
    expect(text).toContain('Un dron que vuela empujado por el viento');
  });

  it('names the lessons before and after this one', () => {
    expect(data.anteriores).toEqual(['Qué es un vector']);
    expect(data.siguientes).toEqual(['Producto escalar']);
    expect(data.leccion.titulo).toBe('Suma de vectores');
  });

  it('says what the level means and how long the lesson should be', () => {
    expect(text).toMatch(/avanzado: domina los fundamentos/);
    expect(text).toMatch(/entre 1000 y 1500 palabras/);
    expect(renderPrompt(prompts.lesson, lessonPromptData({ course: { ...c, nivel: 'principiante' }, module: mod, lessonId: 'l01' }))).toMatch(/principiante: no sabe nada.*entre 700 y 1000 palabras/s);
  });

  it('asks for an outline whose every module has a plan', () => {
    const outline = prompts.outline.schema.parse(offlineToolInput(prompts.outline.tool, { topic: 'Fotografía', level: 'intermedio', modulos: 3, leccionesPorModulo: 2 }));
    for (const m of outline.modulos) expect(m.terminosClave.length).toBeGreaterThanOrEqual(3);
    expect(prompts.outline.schema.safeParse({ ...outline, modulos: outline.modulos.map(({ ejemploConductor: _, ...m }) => m) }).success).toBe(false);
  });
});
