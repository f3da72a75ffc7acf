import { markdownToHtml } from '../../../lambdas/scorm/markdown-html';

// Lesson Markdown is written by a model: in a package it becomes static HTML that an LMS serves on its
// own origin, so nothing in it may become markup the lesson did not mean (issue 25, docs/scorm.md).

describe('markdownToHtml', () => {
  it('shows raw HTML, script and event handlers as text, never as elements', () => {
    const html = markdownToHtml('Hola <script>alert(1)</script> y <img src=x onerror="alert(2)">\n\n<iframe src="https://malo.example"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('keeps only http(s) links and drops images', () => {
    const html = markdownToHtml('[bien](https://es.wikipedia.org/wiki/Python) [mal](javascript:alert(1)) [dato](data:text/html,hola) ![foto](https://rastreo.example/p.png)');
    expect(html).toContain('<a href="https://es.wikipedia.org/wiki/Python" target="_blank" rel="noopener noreferrer">bien</a>');
    expect(html).not.toMatch(/javascript:|data:text|<img|rastreo/);
    expect(html).toContain('mal');
  });

  it('escapes inside code and attributes cannot be broken out of', () => {
    const html = markdownToHtml('```html\n<b onclick="x()">"hola"</b>\n```\n\nUsa `a < b && "c"` y [x](https://ej.example/"onmouseover="alert(1))');
    expect(html).toContain('<pre tabindex="0"><code>&lt;b onclick=&quot;x()&quot;&gt;&quot;hola&quot;&lt;/b&gt;</code></pre>');
    expect(html).toContain('<code>a &lt; b &amp;&amp; &quot;c&quot;</code>');
    expect(html).not.toMatch(/onmouseover="/);
  });

  it('renders the lesson subset: headings one level down, lists, emphasis, quotes, tables', () => {
    const html = markdownToHtml('## Idea\n\nTexto con **negrita** y *cursiva*.\n\n- uno\n- dos\n\n1. primero\n2. segundo\n\n> cita\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h3>Idea</h3>');
    expect(html).toContain('<p>Texto con <strong>negrita</strong> y <em>cursiva</em>.</p>');
    expect(html).toContain('<ul><li>uno</li><li>dos</li></ul>');
    expect(html).toContain('<ol><li>primero</li><li>segundo</li></ol>');
    expect(html).toContain('<blockquote><p>cita</p></blockquote>');
    expect(html).toContain('<th scope="col">a</th>');
    expect(html).toContain('<td>2</td>');
  });

  it('folds the exercise solution and the self-check answers behind <details>, as the web does', () => {
    const html = markdownToHtml('### Ejercicio\n\nHazlo.\n\n#### Solución\n\nAsí.\n\n### Siguiente\n\nMás.');
    expect(html).toMatch(/<details><summary>Ver la solución del ejercicio<\/summary>\s*<p>Así.<\/p>\s*<\/details>\s*<h4>Siguiente<\/h4>/);
  });
});
