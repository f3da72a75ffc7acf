import { useId } from 'react';
import { parseDiagram } from '../../../../lambdas/contract/diagrams';
import { DIAGRAM_COLOURS, DIAGRAM_TYPE_NAMES, FONT, layoutDiagram, LINE_HEIGHT, type Layout } from '../../../../lambdas/contract/diagram-layout';

// Issue 43: a lesson's diagram, loaded lazily (lesson-content.tsx) only by a lesson that has one.
// It draws only a block that passes the contract's validator: one stored before a check, or edited
// by hand, shows nothing rather than something broken. Everything is drawn by React from the data,
// so a label is text and never markup: no script, no link, no foreign object can reach the SVG.
// Two layouts are in the page and CSS shows one: the phone's below 640 px (sm), the wide one above.
// Printed, the figure keeps to one page (break-inside: avoid): a picture cut across two is unreadable.

const C = DIAGRAM_COLOURS;

function Picture({ layout, label, describedBy, className, name }: { layout: Layout; label: string; describedBy: string; className: string; name: string }) {
  // Each picture has its own arrowhead: a marker defined in the hidden one would not draw in the shown one.
  const marker = `${describedBy}-flecha-${name}`;
  return (
    <svg
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-layout={name}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      className={`${className} h-auto w-full`}
      style={{ maxWidth: `${layout.width}px` }}
      fontFamily="inherit"
      fontSize={FONT}
    >
      <defs>
        <marker id={marker} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={C.arrow} />
        </marker>
      </defs>
      {layout.lines.map((l, i) => <path key={`l${i}`} d={l.d} fill="none" stroke={C.line} strokeWidth={2} />)}
      {layout.arrows.map((a, i) => <path key={`a${i}`} d={a.d} fill="none" stroke={C.arrow} strokeWidth={2} markerEnd={`url(#${marker})`} />)}
      {layout.dots.map((d, i) => <circle key={`d${i}`} cx={d.x} cy={d.y} r={7} fill={C.arrow} stroke="#fff" strokeWidth={2} />)}
      {layout.boxes.map((b) => (
        <g key={b.id}>
          <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={10} fill={b.head ? C.head : C.box} stroke={b.head ? C.head : C.boxStroke} strokeWidth={1.5} />
          <text x={b.x + b.w / 2} y={b.y + b.h / 2 - ((b.lines.length - 1) * LINE_HEIGHT) / 2} textAnchor="middle" dominantBaseline="central" fill={b.head ? C.headText : C.text} fontWeight={b.head ? 700 : 500}>
            {/* A space ends each line but the last, so the label reads as its words (not run together) as text. */}
            {b.lines.map((line, i) => <tspan key={i} x={b.x + b.w / 2} dy={i === 0 ? 0 : LINE_HEIGHT}>{i < b.lines.length - 1 ? `${line} ` : line}</tspan>)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * A diagram block's body (JSON) as a figure: its title as the caption, its description for screen readers.
 * Each picture says its layout (`data-layout`): the tutor's panel, a phone's width beside the lesson,
 * shows the phone's whatever the screen (tutor-messages.tsx).
 */
export default function LessonDiagram({ body }: { body: string }) {
  const id = useId();
  const { diagram } = parseDiagram(body);
  if (!diagram) return null;
  const label = `${DIAGRAM_TYPE_NAMES[diagram.tipo]}: ${diagram.titulo}`;
  const describedBy = `diagrama-${id.replace(/:/g, '')}`;
  return (
    <figure className="my-6 break-inside-avoid rounded-xl border border-slate-200 bg-white p-4" data-diagrama={diagram.tipo}>
      <Picture layout={layoutDiagram(diagram, false)} label={label} describedBy={describedBy} className="mx-auto hidden sm:block" name="ancho" />
      <Picture layout={layoutDiagram(diagram, true)} label={label} describedBy={describedBy} className="mx-auto block sm:hidden" name="movil" />
      <figcaption className="mt-3 text-center text-sm font-semibold text-slate-800">{diagram.titulo}</figcaption>
      <p id={describedBy} className="sr-only">{diagram.descripcion}</p>
    </figure>
  );
}
