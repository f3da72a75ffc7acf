import { offlineToolInput } from '../../../infra/local/offline-writer';
import { prompts } from '../../../lambdas/shared/ai/prompts';

// Issue 33 item 5: a course from the learner's own material gets distinct titles drawn from its structure.

const outlineFor = (material: unknown[], modulos = 2, leccionesPorModulo = 4) =>
  prompts.outline.schema.parse(offlineToolInput(prompts.outline.tool, { topic: 'El ciclo del agua', level: 'principiante', modulos, leccionesPorModulo, material }));
const titles = (o: ReturnType<typeof outlineFor>) => o.modulos.flatMap((m) => m.lecciones.map((l) => l.titulo));

it('a water-cycle PDF whose pages share their opening sentence gives distinct lessons and modules, none "Fundamentos de"', () => {
  const opening = 'El ciclo del agua describe el movimiento continuo del agua en la Tierra.';
  const material = [{
    material: 'El ciclo del agua',
    paginas: [
      { pagina: 1, encabezados: [opening.replace('.', '')], comienzo: `${opening} El sol calienta los océanos y el agua se evapora.` },
      { pagina: 2, comienzo: `${opening} El vapor se enfría en la atmósfera y forma nubes.` },
      { pagina: 3, comienzo: `${opening} Las gotas crecen y caen como precipitación. Parte del agua se infiltra en el suelo.` },
    ],
  }];
  const o = outlineFor(material);
  const t = titles(o);
  expect(new Set(t).size).toBe(t.length);
  expect(t).toEqual(expect.arrayContaining(['El vapor se enfría en la atmósfera y forma nubes', 'Las gotas crecen y caen como precipitación']));
  expect(new Set(o.modulos.map((m) => m.titulo)).size).toBe(o.modulos.length);
  expect(o.modulos.map((m) => m.titulo).join(' ')).not.toMatch(/Fundamentos de/);
  expect(o.modulos[0].titulo).toMatch(/^Parte 1 \(pág/);
});

it('a material with many headings keeps them in order, at most the lessons asked', () => {
  const paginas = Array.from({ length: 6 }, (_, i) => ({ pagina: i + 1, encabezados: [`Tema ${i + 1}: capítulo del libro`, `Apartado ${i + 1}.1`], comienzo: 'Texto de la página.' }));
  const o = outlineFor([{ material: 'Manual', paginas }], 3, 3);
  expect(titles(o)).toEqual(['Tema 1: capítulo del libro', 'Apartado 1.1', 'Tema 2: capítulo del libro', 'Apartado 2.1', 'Tema 3: capítulo del libro', 'Apartado 3.1', 'Tema 4: capítulo del libro', 'Apartado 4.1', 'Tema 5: capítulo del libro']);
  expect(o.modulos).toHaveLength(3);
});
