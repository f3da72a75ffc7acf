import { diagramColumns, type Diagram } from './diagrams';

// Issue 43: a diagram's picture, laid out by code for its type (the same layout for the SPA's React
// drawing, web/src/features/lesson/lesson-diagram.tsx, and the SCORM package's static SVG,
// lambdas/scorm/diagram-svg.ts): boxes, arrows, lines and dots in SVG
// units (the <svg> scales to its column). `narrow` is the layout for a phone (the component shows it
// below 640 px): nothing wider than it reads at 390 px, so no sideways scrolling.

export const FONT = 14;
/** The baseline distance between a label's lines. */
export const LINE_HEIGHT = 18;

/** What a screen reader hears before the title: the kind of picture. */
export const DIAGRAM_TYPE_NAMES: Record<Diagram['tipo'], string> = {
  proceso: 'Diagrama de proceso',
  ciclo: 'Diagrama de ciclo',
  jerarquia: 'Diagrama de jerarquía',
  comparacion: 'Comparación',
  linea_de_tiempo: 'Línea de tiempo',
};

/** One palette for both drawings (axe checks its contrast in the SPA and in the SCORM pages). */
export const DIAGRAM_COLOURS = { arrow: '#4338ca', line: '#94a3b8', box: '#eef2ff', boxStroke: '#a5b4fc', head: '#3730a3', text: '#1e1b4b', headText: '#ffffff' };
const LINE = LINE_HEIGHT;
const CHAR = FONT * 0.56;

export interface Box { id: string; x: number; y: number; w: number; h: number; lines: string[]; head?: boolean }
export interface Arrow { d: string }
export interface Dot { x: number; y: number }
export interface Layout { width: number; height: number; boxes: Box[]; arrows: Arrow[]; lines: Arrow[]; dots: Dot[] }

/** A label's lines for a box `w` wide: words kept whole, a word longer than a line broken across lines (nothing is cut). */
export function wrap(text: string, w: number): string[] {
  const max = Math.max(Math.floor((w - 16) / CHAR), 6);
  const out: string[] = [];
  const pieces = text.trim().split(/\s+/).flatMap((word) => word.match(new RegExp(`.{1,${max}}`, 'gu')) ?? []);
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (last !== undefined && `${last} ${piece}`.length <= max) out[out.length - 1] = `${last} ${piece}`;
    else out.push(piece);
  }
  return out;
}

const box = (id: string, x: number, y: number, w: number, text: string, head?: boolean): Box => {
  const lines = wrap(text, w);
  return { id, x, y, w, h: lines.length * LINE + 18, lines, ...(head && { head }) };
};

/** Where the segment from a box's centre toward (tx, ty) leaves the box. */
function edge(b: Box, tx: number, ty: number) {
  const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
  const dx = tx - cx, dy = ty - cy;
  const s = Math.min(Math.abs(dx) > 0 ? b.w / 2 / Math.abs(dx) : Infinity, Math.abs(dy) > 0 ? b.h / 2 / Math.abs(dy) : Infinity);
  return { x: cx + dx * s, y: cy + dy * s };
}

const r = (n: number) => Math.round(n * 10) / 10;
/** A straight arrow from box to box, leaving a gap of 4 units at each end. */
function link(a: Box, b: Box): Arrow {
  const p = edge(a, b.x + b.w / 2, b.y + b.h / 2), q = edge(b, a.x + a.w / 2, a.y + a.h / 2);
  const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
  const ux = (q.x - p.x) / len, uy = (q.y - p.y) / len;
  return { d: `M${r(p.x + ux * 4)},${r(p.y + uy * 4)} L${r(q.x - ux * 6)},${r(q.y - uy * 6)}` };
}

const empty = (): Layout => ({ width: 0, height: 0, boxes: [], arrows: [], lines: [], dots: [] });

/** Boxes in a column (or a row), each linked to the next. Rows share the tallest box's height. */
function chain(d: Diagram, row: boolean): Layout {
  const out = empty();
  const w = row ? 150 : 300, gap = row ? 40 : 30;
  const boxes = d.nodos.map((n) => box(n.id, 0, 0, w, n.texto));
  const tall = Math.max(...boxes.map((b) => b.h));
  let at = 4;
  for (const b of boxes) {
    if (row) Object.assign(b, { x: at, y: 4, h: tall });
    else Object.assign(b, { x: 4, y: at });
    at += (row ? b.w : b.h) + gap;
  }
  out.boxes = boxes;
  out.arrows = boxes.slice(1).map((b, i) => link(boxes[i], b));
  out.width = row ? at - gap + 4 : w + 8;
  out.height = row ? tall + 8 : at - gap + 4;
  return out;
}

function cycle(d: Diagram, narrow: boolean): Layout {
  if (narrow && d.nodos.length > 4) {
    // A long cycle on a phone: a column, and an arrow along its right side back to the first stage.
    const out = chain(d, false);
    const [first, last] = [out.boxes[0], out.boxes[out.boxes.length - 1]];
    const x = first.x + first.w, side = x + 26;
    out.arrows.push({ d: `M${x + 4},${r(last.y + last.h / 2)} H${side} V${r(first.y + first.h / 2)} H${x + 6}` });
    out.width += 34;
    return out;
  }
  const out = empty();
  const n = d.nodos.length, w = 150;
  const boxes = d.nodos.map((node) => box(node.id, 0, 0, w, node.texto));
  const tall = Math.max(...boxes.map((b) => b.h));
  const radius = Math.max(130, (n * (w * 0.8)) / (2 * Math.PI));
  boxes.forEach((b, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
    Object.assign(b, { x: radius * Math.cos(angle) - w / 2, y: radius * Math.sin(angle) - tall / 2, h: tall });
  });
  // The picture is as large as its boxes (an odd cycle leaves the circle's bottom empty), with a margin of 4.
  const left = Math.min(...boxes.map((b) => b.x)), top = Math.min(...boxes.map((b) => b.y));
  for (const b of boxes) Object.assign(b, { x: r(b.x - left + 4), y: r(b.y - top + 4) });
  out.boxes = boxes;
  out.arrows = boxes.map((b, i) => link(b, boxes[(i + 1) % n]));
  out.width = Math.max(...boxes.map((b) => b.x + b.w)) + 4;
  out.height = Math.max(...boxes.map((b) => b.y + b.h)) + 4;
  return out;
}

/** The tree's children by parent, and its root (the validator made sure there is exactly one). */
function tree(d: Diagram) {
  const children = new Map<string, string[]>(d.nodos.map((n) => [n.id, []]));
  const hasParent = new Set<string>();
  for (const e of d.aristas ?? []) {
    children.get(e.de)?.push(e.a);
    hasParent.add(e.a);
  }
  return { children, root: d.nodos.find((n) => !hasParent.has(n.id))?.id ?? d.nodos[0].id };
}

function hierarchy(d: Diagram, narrow: boolean): Layout {
  const out = empty();
  const text = new Map(d.nodos.map((n) => [n.id, n.texto]));
  const { children, root } = tree(d);
  if (narrow) {
    // An indented outline: each child one step right of its parent, joined by an elbow.
    let y = 4;
    const place = (id: string, depth: number, parent?: Box) => {
      const b = box(id, 4 + depth * 28, y, 300 - depth * 28, text.get(id) ?? '');
      out.boxes.push(b);
      if (parent) out.lines.push({ d: `M${parent.x + 14},${parent.y + parent.h} V${r(b.y + b.h / 2)} H${b.x}` });
      y += b.h + 14;
      for (const c of children.get(id) ?? []) place(c, depth + 1, b);
    };
    place(root, 0);
    out.width = 308;
    out.height = y - 10;
    return out;
  }
  // Leaves take slots left to right; a parent sits centred over its children.
  const w = 140, gapX = 20, gapY = 48;
  let slot = 0;
  const levels: Box[][] = [];
  const place = (id: string, depth: number): Box => {
    const kids = (children.get(id) ?? []).map((c) => place(c, depth + 1));
    const x = kids.length ? (kids[0].x + kids[kids.length - 1].x) / 2 : 4 + slot++ * (w + gapX);
    const b = box(id, r(x), 0, w, text.get(id) ?? '');
    (levels[depth] ??= []).push(b);
    for (const k of kids) out.lines.push({ d: `${b.id}>${k.id}` });
    return b;
  };
  place(root, 0);
  let y = 4;
  for (const level of levels) {
    const tall = Math.max(...level.map((b) => b.h));
    for (const b of level) Object.assign(b, { y, h: tall });
    y += tall + gapY;
  }
  out.boxes = levels.flat();
  const at = new Map(out.boxes.map((b) => [b.id, b]));
  // Elbows from the parent's bottom to each child's top, drawn once the rows' heights are known.
  out.lines = out.lines.map(({ d: ids }) => {
    const [p, c] = ids.split('>').map((id) => at.get(id) as Box);
    const mid = r(p.y + p.h + gapY / 2);
    return { d: `M${r(p.x + w / 2)},${p.y + p.h} V${mid} H${r(c.x + w / 2)} V${c.y}` };
  });
  out.width = Math.max(...out.boxes.map((b) => b.x + b.w)) + 4;
  out.height = y - gapY + 4;
  return out;
}

function timeline(d: Diagram, narrow: boolean): Layout {
  const out = empty();
  if (narrow) {
    // Down the left: the axis, a dot per event, its label beside it.
    let y = 4;
    for (const n of d.nodos) {
      const b = box(n.id, 36, y, 270, n.texto);
      out.boxes.push(b);
      out.dots.push({ x: 16, y: r(y + b.h / 2) });
      y += b.h + 16;
    }
    out.lines.push({ d: `M16,4 V${y - 16 + 4}` });
    Object.assign(out, { width: 310, height: y - 12 });
    return out;
  }
  // Along the axis, labels alternately above and below it so neighbours do not collide.
  const step = 100, w = 180;
  const boxes = d.nodos.map((n) => box(n.id, 0, 0, w, n.texto));
  const tall = Math.max(...boxes.map((b) => b.h));
  const axis = tall + 34;
  boxes.forEach((b, i) => {
    const x = w / 2 + 4 + i * step;
    const above = i % 2 === 0;
    Object.assign(b, { x: x - w / 2, y: above ? 4 : axis + 26, h: tall });
    out.dots.push({ x, y: axis });
    out.lines.push({ d: `M${x},${above ? 4 + tall : axis + 26} V${axis}` });
  });
  out.boxes = boxes;
  out.width = w + 8 + (d.nodos.length - 1) * step;
  out.lines.unshift({ d: `M4,${axis} H${out.width - 4}` });
  out.height = axis + 26 + tall + 4;
  return out;
}

function comparison(d: Diagram, narrow: boolean): Layout {
  const out = empty();
  const w = narrow ? 150 : 260, gap = narrow ? 10 : 24;
  const { a, b } = diagramColumns(d);
  let height = 0;
  [a, b].forEach((column, c) => {
    let y = 4;
    column.forEach((n, i) => {
      const bx = box(n.id, 4 + c * (w + gap), y, w, n.texto, i === 0);
      out.boxes.push(bx);
      y += bx.h + 10;
    });
    height = Math.max(height, y - 6);
  });
  Object.assign(out, { width: 2 * w + gap + 8, height });
  return out;
}

/** The picture of a valid diagram (contract/diagrams.ts diagramProblems empty) at a width class. */
export function layoutDiagram(d: Diagram, narrow: boolean): Layout {
  switch (d.tipo) {
    case 'proceso':
      return chain(d, !narrow && d.nodos.length <= 5);
    case 'ciclo':
      return cycle(d, narrow);
    case 'jerarquia':
      return hierarchy(d, narrow);
    case 'linea_de_tiempo':
      return timeline(d, narrow);
    case 'comparacion':
      return comparison(d, narrow);
  }
}
