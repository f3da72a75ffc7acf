import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../../lambdas/shared/ai/model-table';
import type { CourseCostFile } from '../../lambdas/plans/course-cost';

// Issue 42 "small truths": what a course costs is measured, not typed in. `npm run bench realistic-model`
// (a 5 × 4 course on the model table's pace, no faults) writes its figures to lambdas/plans/
// course-cost.json, which plans.ts reads for the plan page's "~N cursos" and the course's hold
// (course-cost.ts). test/unit/plans/course-cost.test.ts fails when the file no longer agrees with the
// model table (its prices or its routes): then run the bench again.

interface Priced { tool: string; inputTokens: number; outputTokens: number; cost: number }

export function writeCourseCost(shape: CourseCostFile['forma'], uso: Pick<CourseCostFile, 'porModelo'> & { costeEstimadoUSD: number }, calls: Priced[]) {
  const part = (f: (c: Priced) => boolean) => Math.round(calls.filter(f).reduce((usd, c) => usd + c.cost, 0) * 1e6) / 1e6;
  const isOutline = (c: Priced) => c.tool === 'registrar_esquema_curso';
  const isLesson = (c: Priced) => c.tool === 'registrar_leccion';
  const file: CourseCostFile = {
    comando: 'npm run bench realistic-model',
    medidoEl: new Date().toISOString().slice(0, 10),
    forma: shape,
    usd: uso.costeEstimadoUSD,
    // The banks take what the course's recorded total leaves, so the parts add up to it to the millionth
    // (each part rounded on its own could miss it by one: courseCostUsd sums the parts).
    partes: { esquema: part(isOutline), lecciones: part(isLesson), evaluaciones: Math.round((uso.costeEstimadoUSD - part(isOutline) - part(isLesson)) * 1e6) / 1e6 },
    rutas: { ...ROUTES },
    porModelo: uso.porModelo,
  };
  const path = join(__dirname, '../../lambdas/plans/course-cost.json');
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`course cost written to lambdas/plans/course-cost.json: $${file.usd.toFixed(4)} (outline $${file.partes.esquema}, lessons $${file.partes.lecciones}, evaluations $${file.partes.evaluaciones})`);
}
