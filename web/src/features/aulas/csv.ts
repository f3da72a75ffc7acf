import type { AulaGroupView } from '../../../../lambdas/contract/aulas';

// The teacher's CSV (issue 25): one row per member, course and module. Semicolons, as Excel expects
// in Spanish-speaking locales; every cell quoted when it must be; a UTF-8 BOM so Excel reads the
// accents; and any cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return)
// starts with an apostrophe, so a learner's name can never become one.

const SEP = ';';
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = ['Miembro', 'Curso', 'Módulo', 'Lecciones completadas', 'Lecciones', 'Progreso (%)', 'Intentos', 'Mejor nota', 'Aprobado', 'Certificado', 'Va atrasado'];
const yesNo = (b: boolean) => (b ? 'Sí' : 'No');

export function groupCsv(view: AulaGroupView): string {
  const rows: (string | number)[][] = [HEADER];
  for (const m of view.miembros) {
    for (const c of m.cursos) {
      for (const mod of c.modulos) {
        rows.push([
          m.nombre, c.titulo, mod.titulo, mod.progreso.completadas, mod.progreso.total, mod.progreso.porcentaje,
          mod.evaluacion.intentos, mod.evaluacion.mejorNota ?? '', yesNo(mod.evaluacion.aprobado), c.certificado?.fecha.slice(0, 10) ?? '', yesNo(m.rezagado),
        ]);
      }
    }
  }
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(SEP)).join('\r\n')}\r\n`;
}

/** `aula-biologia-3-b.csv`: the aula's name as a file name. */
export const csvName = (nombre: string) =>
  `aula-${nombre.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'grupo'}.csv`;

export function downloadCsv(view: AulaGroupView) {
  const url = URL.createObjectURL(new Blob([groupCsv(view)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: csvName(view.aula.nombre) });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
