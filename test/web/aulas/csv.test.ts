import type { AulaGroupView } from '../../../lambdas/contract/aulas';
import { csvCell, csvName, groupCsv } from '../../../web/src/features/aulas/csv';

// The teacher's CSV (issue 25): Excel reads it with its accents, and no cell runs as a formula.

const pct = (completadas: number, total: number) => ({ completadas, total, porcentaje: Math.round((completadas / total) * 100) });
const view = (nombre: string): AulaGroupView => ({
  aula: { aulaId: 'a', nombre: 'Biología 3.º B', codigo: 'K7MP3QXA', enlace: '/aulas/unirse/K7MP3QXA', miembros: 1, maxMiembros: 30, cursos: [], creadoEn: '2026-11-25' },
  medianaProgreso: 50,
  miembros: [{
    userId: 'u', nombre, unidoEn: '2026-11-25', progreso: pct(1, 2), rezagado: false,
    cursos: [{ courseId: 'c', titulo: 'Célula; núcleo "y" membrana', estado: 'en_curso', progreso: pct(1, 2), certificado: { certificateId: 'x', fecha: '2026-11-25T10:00:00.000Z' },
      modulos: [{ moduleId: 'm01', titulo: 'Módulo 1', progreso: pct(1, 2), evaluacion: { intentos: 2, mejorNota: 90, aprobado: true } }] }],
  }],
  preguntasMasFalladas: [],
});

test('starts with a UTF-8 BOM, separates with semicolons and ends rows with CRLF', () => {
  const csv = groupCsv(view('Ana'));
  expect(csv.startsWith('\uFEFFMiembro;Curso;Módulo;')).toBe(true);
  expect(csv.split('\r\n')[1]).toBe('Ana;"Célula; núcleo ""y"" membrana";Módulo 1;1;2;50;2;90;Sí;2026-11-25;No');
});

test.each(['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tTab'])('a learner named %j never becomes a formula', (nombre) => {
  const cell = groupCsv(view(nombre)).split('\r\n')[1].split(';')[0];
  expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
});

test('quotes cells with quotes, separators or line breaks, doubling inner quotes', () => {
  expect(csvCell('a"b')).toBe('"a""b"');
  expect(csvCell('línea\nsiguiente')).toBe('"línea\nsiguiente"');
  expect(csvCell('sin nada')).toBe('sin nada');
  expect(csvCell(-3)).toBe('-3');
});

test('names the file after the aula without accents or symbols', () => {
  expect(csvName('Biología 3.º B')).toBe('aula-biologia-3-b.csv');
});
