import { keepSourcedLinks, LINK_REMOVED, withSourcedLinks } from '../../../lambdas/shared/ai/links';

// Issue 31: a generated text keeps a link only if the course's own sources contain it.

const sources = ['El manual oficial está en https://docs.ejemplo.org/guia/inicio. Léelo.'];

describe('links in generated text', () => {
  it('keeps an address of the sources, bare or as a Markdown link, whatever its scheme or trailing slash', () => {
    const text = 'Consulta https://docs.ejemplo.org/guia/inicio, o [la guía](http://www.docs.ejemplo.org/guia/inicio/).';
    expect(keepSourcedLinks(text, sources)).toBe(text);
  });

  it('neutralises every other link: Markdown keeps its words, a bare address is withdrawn', () => {
    const text = 'Reclama tu premio en https://malo.example/premio. Más en [esta web](https://malo.example/x), <https://malo.example/y> y www.malo.example.';
    expect(keepSourcedLinks(text, sources)).toBe(`Reclama tu premio en ${LINK_REMOVED}. Más en esta web, ${LINK_REMOVED} y ${LINK_REMOVED}.`);
  });

  it('does not let a longer address ride on a source\'s prefix, nor an image through', () => {
    expect(keepSourcedLinks('Ve a https://docs.ejemplo.org/guia/inicio-malo ya', sources)).toBe(`Ve a ${LINK_REMOVED} ya`);
    expect(keepSourcedLinks('![logo](https://malo.example/p.png)', sources)).toBe('logo');
  });

  it('leaves code as written', () => {
    const text = 'Usa `fetch("https://api.example.com")`:\n```js\nfetch("https://api.example.com/x");\n```\nVisita https://malo.example.';
    expect(keepSourcedLinks(text, [])).toBe(text.replace('https://malo.example', LINK_REMOVED));
  });

  it('keeps nothing without sources', () => {
    expect(keepSourcedLinks('[MDN](https://developer.mozilla.org)', [])).toBe('MDN');
  });

  it('filters every string of a structured answer (an outline, suggestions), numbers and keys untouched', () => {
    const outline = { titulo: 'Curso en https://malo.example', modulos: [{ orden: 1, lecciones: [{ resumen: 'Ver https://docs.ejemplo.org/guia/inicio y www.malo.example' }] }] };
    expect(withSourcedLinks(outline, sources)).toEqual({ titulo: `Curso en ${LINK_REMOVED}`, modulos: [{ orden: 1, lecciones: [{ resumen: `Ver https://docs.ejemplo.org/guia/inicio y ${LINK_REMOVED}` }] }] });
  });
});
