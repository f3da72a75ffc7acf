import { DIAGRAM_COLOURS as C, DIAGRAM_TYPE_NAMES, FONT, layoutDiagram, LINE_HEIGHT, type Layout } from '../contract/diagram-layout';
import type { Diagram } from '../contract/diagrams';
import { escapeHtml } from './escape-html';

// Issue 43 item 5: a lesson's diagram in the SCORM package, as static SVG drawn at build time from
// the same layout the SPA draws (contract/diagram-layout.ts). The package has no script to draw with
// and must work in any LMS, printed too. Every label is escaped text: no markup, link or script can
// reach the SVG. Two pictures, as in the SPA: the wide one, and below 640 px the phone's (CSS in
// sco-pages.ts shows one); a screen reader hears the figure's name and its description once.

function picture(layout: Layout, label: string, describedBy: string, kind: 'ancho' | 'movil'): string {
  const marker = `${describedBy}-flecha-${kind}`;
  const parts = [
    `<svg class="diagrama-${kind}" role="img" aria-label="${escapeHtml(label)}" aria-describedby="${describedBy}" viewBox="0 0 ${layout.width} ${layout.height}" style="max-width:${layout.width}px" font-size="${FONT}" xmlns="http://www.w3.org/2000/svg">`,
    `<defs><marker id="${marker}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${C.arrow}"/></marker></defs>`,
    ...layout.lines.map((l) => `<path d="${escapeHtml(l.d)}" fill="none" stroke="${C.line}" stroke-width="2"/>`),
    ...layout.arrows.map((a) => `<path d="${escapeHtml(a.d)}" fill="none" stroke="${C.arrow}" stroke-width="2" marker-end="url(#${marker})"/>`),
    ...layout.dots.map((d) => `<circle cx="${d.x}" cy="${d.y}" r="7" fill="${C.arrow}" stroke="#fff" stroke-width="2"/>`),
    ...layout.boxes.map((b) => {
      const x = b.x + b.w / 2;
      const y = b.y + b.h / 2 - ((b.lines.length - 1) * LINE_HEIGHT) / 2;
      // A space ends each line but the last, so the label reads as its words when the SVG is read as text.
      const lines = b.lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : LINE_HEIGHT}">${escapeHtml(i < b.lines.length - 1 ? `${line} ` : line)}</tspan>`).join('');
      return (
        `<g><rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="10" fill="${b.head ? C.head : C.box}" stroke="${b.head ? C.head : C.boxStroke}" stroke-width="1.5"/>` +
        `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" fill="${b.head ? C.headText : C.text}" font-weight="${b.head ? 700 : 500}">${lines}</text></g>`
      );
    }),
    '</svg>',
  ];
  return parts.join('');
}

/** A valid diagram as a <figure>: both pictures, its title as the caption, its description for screen readers. `n` makes its ids unique in the page. */
export function diagramFigureHtml(diagram: Diagram, n: number): string {
  const describedBy = `diagrama-${n}`;
  const label = `${DIAGRAM_TYPE_NAMES[diagram.tipo]}: ${diagram.titulo}`;
  return (
    `<figure class="diagrama" data-diagrama="${diagram.tipo}">` +
    picture(layoutDiagram(diagram, false), label, describedBy, 'ancho') +
    picture(layoutDiagram(diagram, true), label, describedBy, 'movil') +
    `<figcaption>${escapeHtml(diagram.titulo)}</figcaption><p id="${describedBy}" class="sr">${escapeHtml(diagram.descripcion)}</p></figure>`
  );
}
