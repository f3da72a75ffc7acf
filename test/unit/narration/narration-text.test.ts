import { narrationText, speakFormula } from '../../../lambdas/narration';

// What Polly reads for a lesson: built from its Markdown, never its HTML. Code is announced and not
// spelled, formulas are said in words, markup and addresses are not read, every block is a sentence.

it('never reads code, markup, addresses, images, raw HTML or source marks', () => {
  const text = narrationText([
    '# La fotosíntesis',
    'Las plantas **convierten** la luz en *energía* [1]. Ver [la guía](https://ejemplo.org/guia) y <b>esto</b>.',
    '![diagrama](https://ejemplo.org/a.png)',
    '```python',
    'def f(x):',
    '    return x ** 2  # __init__ {}',
    '```',
    '```',
    'SELECT * FROM hojas;',
    '```',
    '```bash',
    'npm install',
    '```',
  ].join('\n'));
  expect(text.split('\n')).toEqual([
    'La fotosíntesis.',
    'Las plantas convierten la luz en energía. Ver la guía y esto.',
    'Aquí hay un bloque de código en Python.',
    'Aquí hay un bloque de código.',
    'Aquí hay un bloque de órdenes para la terminal.',
  ]);
  for (const spelled of ['def', 'return', 'SELECT', 'https', '**', '<b>', '[1]', 'png', 'npm']) expect(text).not.toContain(spelled);
});

it('reads headings, paragraphs, list items and quotes as sentences, and announces a table by its columns', () => {
  const text = narrationText([
    '## Qué necesita una planta',
    'Tres cosas',
    'en dos líneas',
    '',
    '- Luz',
    '- Agua del suelo.',
    '1. Primero, absorbe.',
    '> Una cita importante',
    '---',
    '| Elemento | Fuente |',
    '|---|---|',
    '| Luz | Sol |',
    '| Agua | Suelo |',
  ].join('\n'));
  expect(text.split('\n')).toEqual([
    'Qué necesita una planta.',
    'Tres cosas en dos líneas.',
    'Luz.',
    'Agua del suelo.',
    'Primero, absorbe.',
    'Una cita importante.',
    'Aquí hay una tabla de 2 filas con las columnas Elemento y Fuente.',
  ]);
});

it('says formulas in words, inline and in blocks', () => {
  expect(speakFormula('x^2 + 1 = y')).toBe('x al cuadrado más 1 es igual a y');
  expect(speakFormula('\\frac{a}{b} \\le \\sqrt{c}')).toBe('a entre b menor o igual que raíz cuadrada de c');
  expect(speakFormula('E = mc^2')).toBe('E es igual a mc al cuadrado');
  expect(speakFormula('a - b')).toBe('a menos b');
  const text = narrationText(['El área es $\\pi r^2$ siempre.', '$$', 'v = d / t', '$$', '```math', 'x^3', '```'].join('\n'));
  expect(text.split('\n')).toEqual(['El área es pi r al cuadrado siempre.', 'v es igual a d entre t.', 'Aquí hay una fórmula: x al cubo.']);
  expect(text).not.toMatch(/[\\${}^]/);
});
