import { call, signUp } from '../support/api';
import { generateCourse } from './support/courses';

// Issue 24's check, through the whole local stack (gateway and authorizer, handlers, DynamoDB Local,
// the Step Functions runner, the local Bedrock's embeddings and offline writer): paste a text, build a
// course from it, every lesson's `fuentes` quote text that is in the material, on its page, and every
// [n] resolves. Another learner naming that material gets 404 and no course.

const MATERIAL = [
  'La célula\n\nLa célula es la unidad básica de la vida y todos los seres vivos están formados por células. La membrana plasmática separa el interior de la célula del medio externo.',
  'El núcleo\n\nEl núcleo guarda el material genético de la célula en forma de ADN. Durante la división celular el ADN se copia para que cada célula hija reciba una copia completa.',
  'Las mitocondrias\n\nLas mitocondrias producen la mayor parte de la energía de la célula mediante la respiración celular. Tienen su propio ADN, distinto del ADN del núcleo.',
].join('\f');
const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
type Fuente = { n: number; materialId: string; titulo: string; pagina: number; cita: string };

describe('a course built from a pasted text', () => {
  let token: string;
  let materialId: string;

  beforeAll(async () => {
    ({ tokens: { accessToken: token } } = await signUp('Inés'));
    const pasted = await call('POST', '/materials', { token, body: { titulo: 'Biología celular', texto: MATERIAL } });
    expect(pasted).toMatchObject({ status: 201, body: { data: { estado: 'listo', paginas: 3 } } });
    materialId = pasted.body.data.materialId;
  });

  it("refuses another learner's material (404) and writes no course", async () => {
    const { tokens } = await signUp('Tomás');
    const res = await call('POST', '/courses/plan', { token: tokens.accessToken, body: { topic: 'Biología', level: 'principiante', modulos: 2, leccionesPorModulo: 2, materiales: [materialId] } });
    expect(res).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos ese material.' } });
    expect((await call('GET', '/courses/my-courses', { token: tokens.accessToken })).body.data).toEqual([]);
  });

  it('writes every lesson from the material: every cita is on its page and every [n] has its source', async () => {
    const { courseId, job } = await generateCourse(token, { topic: 'Biología celular', level: 'principiante', modulos: 2, leccionesPorModulo: 2, materiales: [materialId] }, 120000);
    expect(job).toMatchObject({ status: 'completado' });
    const course = (await call('GET', `/courses/${courseId}`, { token })).body.data;
    expect(course.materiales).toEqual([{ materialId, titulo: 'Biología celular' }]);
    const pages = MATERIAL.split('\f').map(fold);
    const lessons = course.modulos.flatMap((m: { lecciones: unknown[] }) => m.lecciones) as { contenido: string; fuentes?: Fuente[] }[];
    for (const lesson of lessons) {
      expect(lesson.fuentes?.length).toBeGreaterThan(0);
      for (const f of lesson.fuentes!) {
        expect(f).toMatchObject({ materialId, titulo: 'Biología celular' });
        expect(pages[f.pagina - 1]).toContain(fold(f.cita));
      }
      const marks = [...lesson.contenido.matchAll(/ \[(\d+)\]/g)].map((m) => Number(m[1]));
      expect(marks.length).toBeGreaterThan(0);
      for (const n of marks) expect(lesson.fuentes!.map((f) => f.n)).toContain(n);
    }
  }, 180000);
});
