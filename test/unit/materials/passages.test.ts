import { PASSAGE_MAX, splitPassages } from '../../../lambdas/materials/passages';

// Passages are what a grounded lesson quotes: each keeps its page, none is longer than PASSAGE_MAX,
// and splitting loses no word and changes no order.

const words = (s: string) => s.split(/\s+/).filter(Boolean);

it('keeps the page of each passage: pages are separated by form feeds', () => {
  const passages = splitPassages('Página uno.\fPágina dos.\f\fPágina cuatro.');
  expect(passages).toEqual([
    { pagina: 1, texto: 'Página uno.' },
    { pagina: 2, texto: 'Página dos.' },
    { pagina: 4, texto: 'Página cuatro.' },
  ]);
});

it('packs short paragraphs of a page into one passage', () => {
  expect(splitPassages('Primero.\n\nSegundo.\n\nTercero.')).toEqual([{ pagina: 1, texto: 'Primero.\nSegundo.\nTercero.' }]);
});

it('cuts a long paragraph at sentence ends, never longer than PASSAGE_MAX, losing no word', () => {
  const sentence = 'La célula es la unidad básica de la vida y realiza funciones esenciales. ';
  const text = sentence.repeat(80);
  const passages = splitPassages(text);
  expect(passages.length).toBeGreaterThan(3);
  for (const p of passages) {
    expect(p.texto.length).toBeLessThanOrEqual(PASSAGE_MAX);
    expect(p.texto.endsWith('.')).toBe(true);
  }
  expect(passages.flatMap((p) => words(p.texto))).toEqual(words(text));
});

it('cuts a paragraph without sentence ends at spaces, and a word longer than PASSAGE_MAX at the bound', () => {
  const text = `${'palabra '.repeat(400)}${'x'.repeat(PASSAGE_MAX + 10)}`;
  const passages = splitPassages(text);
  for (const p of passages) expect(p.texto.length).toBeLessThanOrEqual(PASSAGE_MAX);
  expect(passages.map((p) => p.texto).join('').replace(/\s+/g, '')).toEqual(text.replace(/\s+/g, ''));
});

it('stays bounded: 50,000 characters make at most about one passage per 700', () => {
  const text = Array.from({ length: 500 }, (_, i) => `Párrafo ${i} sobre historia de América Latina y sus procesos.`).join('\n\n').slice(0, 50_000);
  expect(splitPassages(text).length).toBeLessThanOrEqual(Math.ceil(50_000 / 700));
});
