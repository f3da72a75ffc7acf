import { diagramBlock, diagramProblems, parseDiagram, type Diagram } from '../../../lambdas/contract/diagrams';
import { keepDrawableDiagrams } from '../../../lambdas/shared/ai/lesson-diagrams';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';
import { spanishLesson } from '../../support/lesson-fixture';

// Issue 43: the diagram validator (contract/diagrams.ts) and where it drops what fails (the lesson's Markdown).

const steps: Diagram = {
  tipo: 'proceso',
  titulo: 'Del código a la pantalla',
  descripcion: 'Tres pasos: escribes, el intérprete lee, la pantalla muestra.',
  nodos: [{ id: 'a', texto: 'Escribes el código' }, { id: 'b', texto: 'El intérprete lo lee' }, { id: 'c', texto: 'Se muestra el resultado' }],
};
const tree: Diagram = {
  tipo: 'jerarquia',
  titulo: 'Magistraturas',
  descripcion: 'Los cónsules por encima de pretores y cuestores.',
  nodos: [{ id: 'c', texto: 'Cónsules' }, { id: 'p', texto: 'Pretores' }, { id: 'q', texto: 'Cuestores' }],
  aristas: [{ de: 'c', a: 'p' }, { de: 'p', a: 'q' }],
};
const columns: Diagram = {
  tipo: 'comparacion',
  titulo: 'RAW y JPEG',
  descripcion: 'Dos columnas: lo que guarda un RAW y lo que guarda un JPEG.',
  nodos: [
    { id: 'r', texto: 'RAW', columna: 'a' }, { id: 'r1', texto: 'Todos los datos del sensor', columna: 'a' },
    { id: 'j', texto: 'JPEG', columna: 'b' }, { id: 'j1', texto: 'Una imagen ya revelada', columna: 'b' },
  ],
};

describe('diagramProblems', () => {
  it.each([steps, tree, columns, { ...steps, tipo: 'ciclo' as const }, { ...steps, tipo: 'linea_de_tiempo' as const }])('accepts a sound $tipo', (d) => {
    expect(diagramProblems(d)).toEqual([]);
  });

  it.each<[string, unknown, RegExp]>([
    ['an unknown type', { ...steps, tipo: 'mapa' }, /forma esperada.*tipo/],
    ['a node without id', { ...steps, nodos: [{ texto: 'x' }, ...steps.nodos] }, /forma esperada.*nodos/],
    ['an empty caption', { ...steps, titulo: '  ' }, /no tiene título/],
    ['an empty description', { ...steps, descripcion: '' }, /no tiene descripción/],
    ['too many nodes', { ...steps, nodos: Array.from({ length: 13 }, (_, i) => ({ id: `n${i}`, texto: `Paso ${i}` })) }, /13 nodos; el máximo legible es 12/],
    ['one node', { ...steps, nodos: [steps.nodos[0]] }, /al menos 2 nodos/],
    ['a duplicate id', { ...steps, nodos: [...steps.nodos, { id: 'a', texto: 'Otra vez' }] }, /Ids de nodo repetidos: a/],
    ['a label too long', { ...steps, nodos: [{ id: 'a', texto: 'x'.repeat(49) }, steps.nodos[1]] }, /nodo a pasa de 48/],
    ['an empty label', { ...steps, nodos: [{ id: 'a', texto: ' ' }, steps.nodos[1]] }, /nodo a no tiene texto/],
    ['an edge to an unknown node', { ...tree, aristas: [{ de: 'c', a: 'p' }, { de: 'p', a: 'zz' }] }, /p → zz nombra un nodo que no existe/],
    ['a cycle in a hierarchy', { ...tree, aristas: [...tree.aristas!, { de: 'q', a: 'c' }] }, /no puede tener ciclos/],
    ['a child with two parents', { ...tree, aristas: [{ de: 'c', a: 'p' }, { de: 'c', a: 'q' }, { de: 'p', a: 'q' }] }, /un solo padre/],
    ['a hierarchy with two roots', { ...tree, aristas: [{ de: 'c', a: 'p' }] }, /una sola raíz/],
    ['edges on a process', { ...steps, aristas: [{ de: 'a', a: 'b' }] }, /proceso no lleva aristas/],
    ['a comparison with a node in no column', { ...columns, nodos: [...columns.nodos, { id: 'x', texto: 'Suelto' }] }, /cada nodo dice su columna/],
    ['a comparison with an empty column', { ...columns, nodos: columns.nodos.slice(0, 3) }, /encabezado y al menos un elemento/],
  ])('refuses %s', (_, d, problem) => {
    expect(diagramProblems(d).join(' ')).toMatch(problem);
  });

  it('reads a block\'s body, and calls JSON that does not parse a problem', () => {
    expect(parseDiagram(JSON.stringify(steps)).diagram).toEqual(steps);
    expect(parseDiagram('{"tipo": "proceso",').problems).toEqual(['El diagrama no es JSON válido.']);
  });
});

describe('keepDrawableDiagrams (where a lesson\'s Markdown is made)', () => {
  const lesson = (...blocks: string[]) => ['### Introducción', 'Texto.', ...blocks, '### Resumen', '- Punto.'].join('\n\n');

  it('drops a broken block, keeps a sound one, and leaves the text and code blocks as they were', () => {
    const broken = diagramBlock({ ...tree, aristas: [...tree.aristas!, { de: 'q', a: 'c' }] });
    const code = '```python\nprint("```diagrama")\n```';
    const { markdown, dropped } = keepDrawableDiagrams(lesson(diagramBlock(steps), broken, code));
    expect(markdown).toContain(diagramBlock(steps));
    expect(markdown).not.toContain('"Magistraturas"');
    expect(markdown).toContain(code);
    expect(markdown).toContain('### Resumen\n\n- Punto.');
    expect(dropped).toEqual([{ n: 2, problems: ['Una jerarquía no puede tener ciclos (usa el tipo ciclo).'] }]);
  });

  it('keeps at most two per lesson', () => {
    const { markdown, dropped } = keepDrawableDiagrams(lesson(diagramBlock(steps), diagramBlock(tree), diagramBlock(columns)));
    expect(markdown.match(/^```diagrama$/gm)).toHaveLength(2);
    expect(dropped).toEqual([{ n: 3, problems: ['Una lección lleva como mucho 2 diagramas.'] }]);
  });

  it('returns a lesson without diagrams unchanged', () => {
    const md = lesson('```js\nconst a = 1;\n```');
    expect(keepDrawableDiagrams(md)).toEqual({ markdown: md, dropped: [] });
  });
});

describe('a diagram block left unclosed', () => {
  it('is dropped up to the next heading, and the sections after it stay', () => {
    const md = ['### Introducción', 'Texto.', '```diagrama', '{"tipo": "proceso",', '', '### Resumen', '- Punto.'].join('\n');
    const { markdown, dropped } = keepDrawableDiagrams(md);
    expect(markdown).toBe(['### Introducción', 'Texto.', '### Resumen', '- Punto.'].join('\n'));
    expect(dropped).toEqual([{ n: 1, problems: ['El bloque del diagrama no se cierra con ```.'] }]);
  });
});

describe('lessonMarkdown', () => {
  it('drops a broken diagram block from the stored lesson', () => {
    const l = spanishLesson();
    const broken = diagramBlock({ ...steps, nodos: [...steps.nodos, { id: 'a', texto: 'Repetido' }] });
    l.explicacion[0].texto += `\n\n${diagramBlock(steps)}\n\n${broken}`;
    const md = lessonMarkdown(l);
    expect(md.match(/^```diagrama$/gm)).toHaveLength(1);
    expect(md).not.toContain('Repetido');
  });
});
