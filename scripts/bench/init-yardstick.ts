// The cold-init bench's yardstick (issue 43): a module that does, at import, the kind of work a Lambda
// bundle's cold start does (parse a few hundred KB of minified-style code, build schema tables of nested
// literals, define and instantiate classes, run a third of its functions once), and that never changes
// with the application or its dependencies. It is generated here from a fixed seed, so the same text is
// imported on every machine and at every commit: what its import costs measures the machine, not the code.
//
// lambda-bundles.bench.ts samples it in the same rounds as the bundles and judges each bundle against
// the budget scaled by how much slower (or faster) this machine imports the yardstick than the machine
// the budget was set on (YARDSTICK_MS_AT_BUDGET below). Changing the generator changes that constant:
// re-calibrate it with `npx tsx scripts/bench/lambda-init-calibrate.ts` (docs/architecture.md says how).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The yardstick's init CPU on the machine where the 100 ms budget was last read with every bundle inside
 * it (2026-11-28, commit 3c85111's bundles at 52–73 ms), derived by lambda-init-calibrate.ts: this
 * machine's yardstick CPU divided by how much slower this machine runs 3c85111's own bundles than that
 * day's readings. Two calibrations on 2026-11-30, at load 5 and 11–14 (this machine 1.56× and 1.68×
 * slower than that day): 37.0 and 36.7 ms.
 */
export const YARDSTICK_MS_AT_BUDGET = 36.9;

/** A small deterministic generator (LCG), so the text is identical everywhere. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const WORDS = ['curso', 'modulo', 'leccion', 'objetivo', 'pregunta', 'opcion', 'intento', 'repaso', 'tarjeta', 'aula', 'usuario', 'plan', 'estado', 'errores', 'tiempo'];

/** The yardstick's source: about 420 KB of ES module text. */
export function yardstickSource(): string {
  const r = rng(43);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)];
  const out: string[] = [];
  // Functions: most are only parsed (V8 compiles lazily), as most of a bundle is.
  for (let i = 0; i < 2400; i++) {
    const k = Math.floor(r() * 1000);
    const next = i > 0 ? `f${i - 1}(x - ${k}, b)` : 'x';
    out.push(`function f${i}(a,b){const x=a*${k % 97}+b;if(x>${k})return ${next};` +
      `const o={${pick()}:x,${pick()}_${i}:"${pick()}-${i}",n:[a,b,${k}]};return b?o:Object.keys(o).length+${i}}`);
  }
  // Schema tables of nested literals, as the SDK's and zod's modules build at import.
  for (let t = 0; t < 60; t++) {
    const rows: string[] = [];
    for (let j = 0; j < 60; j++) rows.push(`["${pick()}${j}",${Math.floor(r() * 64)},{t:"${pick()}",m:[${j},${t}],d:"${pick()} ${pick()}"}]`);
    out.push(`const T${t}=[${rows.join(',')}];`);
  }
  // Classes, instantiated at top level as clients and loggers are.
  for (let c = 0; c < 200; c++) {
    out.push(`class C${c}{constructor(o){this.o=o;this.m=new Map(T${c % 60}.map((e)=>[e[0],e]))}` +
      `get(k){return this.m.get(k)}s(){return this.o+${c}}}`);
  }
  out.push(`const I=[${Array.from({ length: 200 }, (_, c) => `new C${c}(${c})`).join(',')}];`);
  // A third of the functions run once: compiled fully, as a cold start's handler wiring is.
  out.push(`const F=[${Array.from({ length: 800 }, (_, i) => `f${i * 3}`).join(',')}];`);
  out.push('let acc=0;for(let i=0;i<F.length;i++)acc+=Number(F[i](i%7,0))||0;');
  out.push('export const yardstick=acc+I.length;');
  return out.join('\n');
}

/** Writes the yardstick to `dir`/yardstick.mjs and returns its path. */
export function writeYardstick(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'yardstick.mjs');
  writeFileSync(file, yardstickSource());
  return file;
}
