// The rule `rooms/one-way` (scripts/eslint-rooms.cjs wires it in): rooms depend on each other one way. A room
// is a folder of lambdas/ other than contract/ and shared/ (a route group, the pipeline, plans, the course
// model…) or a web feature, web/src/features/<feature>. An import from room A into room B is refused when B
// already reaches A through the imports of the rooms' files, however many rooms lie between: a two-way pair
// (feedback ↔ tutor) or a loop (narration → users → auth → narration). import-x/no-cycle sees only module
// cycles, and two rooms can import each other's doors without one (each door lists other files).
// Type-only imports count: a room that needs another's type stands above it. What both need goes a floor
// lower (lambdas/shared, a room below both, web/src/lib or components) or is inverted through a port.
// CommonJS like eslint.config.js.
const { readdirSync, readFileSync } = require('node:fs');
const { dirname, join, relative, resolve, sep } = require('node:path');

const FLOORS = new Set(['contract', 'shared']);

/** The room of `file` (absolute) under `root`, as 'lambdas/<room>' or 'web/src/features/<feature>', or undefined. */
function roomOf(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'lambdas' && parts.length > 2 && !FLOORS.has(parts[1])) return `lambdas/${parts[1]}`;
  if (parts.slice(0, 3).join('/') === 'web/src/features' && parts.length > 4) return `web/src/features/${parts[3]}`;
  return undefined;
}

/** Where a relative import lands, as a path inside it (a folder's index or a file both name the room). */
const target = (file, spec) => join(resolve(dirname(file), spec), 'x');

// Static imports and re-exports (type-only ones too) and import('…') with a literal: what the rooms' code reads.
const IMPORTS = /(?:^|[\n;])\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]*)['"]|import\(\s*['"](\.[^'"]*)['"]\s*\)|(?:^|[\n;])\s*import\s*['"](\.[^'"]*)['"]/g;

function sources(dir, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Room → (room it imports → the first file that does), read from the tree's files. */
function roomGraph(root) {
  const graph = new Map();
  for (const file of [...sources(join(root, 'lambdas')), ...sources(join(root, 'web', 'src', 'features'))]) {
    const from = roomOf(root, file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORTS)) {
      const to = roomOf(root, target(file, match[1] ?? match[2] ?? match[3]));
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, relative(root, file).split(sep).join('/'));
    }
  }
  return graph;
}

// One reading of the tree serves every file of a lint run; an editor's long-lived ESLint reads it again
// once it is a few seconds old.
const FRESH_MS = 5000;
const cache = new Map();
function graphOf(root) {
  const kept = cache.get(root);
  if (kept && Date.now() - kept.at < FRESH_MS) return kept.graph;
  const graph = roomGraph(root);
  cache.set(root, { graph, at: Date.now() });
  return graph;
}

/** The rooms from `start` to `goal`, each step with the file that takes it, or undefined when `goal` is out of reach. */
function pathBetween(graph, start, goal) {
  const before = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const room = queue.shift();
    if (room === goal) break;
    for (const next of graph.get(room)?.keys() ?? []) {
      if (before.has(next)) continue;
      before.set(next, room);
      queue.push(next);
    }
  }
  if (!before.has(goal)) return undefined;
  const steps = [];
  for (let room = goal; before.get(room) !== undefined; room = before.get(room)) {
    const from = before.get(room);
    steps.unshift(`${graph.get(from).get(room)} imports ${room}`);
  }
  return steps;
}

const oneWay = {
  meta: {
    type: 'problem',
    docs: { description: 'Rooms (lambdas groups, web features) depend on each other one way: no pair or loop of rooms.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      twoWay: '{{ from }} imports {{ to }}, which already depends on {{ from }} ({{ path }}): rooms depend one way. Move what both need a floor lower (a room below both, lambdas/shared, web/src/lib or components) or invert it through a port (docs/architecture.md, "Rooms and doors").',
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = context.filename;
    const from = roomOf(root, file);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = roomOf(root, target(file, spec));
      if (!to || to === from) return;
      const back = pathBetween(graphOf(root), to, from);
      if (back) context.report({ node, messageId: 'twoWay', data: { from, to, path: back.join('; ') } });
    };
    const fromSource = (node) => node.source && check(node, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

module.exports = { rules: { 'one-way': oneWay } };
