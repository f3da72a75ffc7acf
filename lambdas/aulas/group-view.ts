import type { AulaGroupView, MemberCourse, MemberView, MissedQuestion, WithdrawnQuestion } from '../contract';
import { WITHDRAWAL_TEXT } from '../evaluations';
import { percent } from '../course-model';
import type { AulaItem, MemberItem } from './aula-items';
import type { GroupReads } from './group-reads';
import { toAulaView } from './views';

// The teacher's page, computed from what group-reads.ts read. Pure, so its rules are tested alone.

/** A member this many points under the group's median progress is behind. */
export const BEHIND_POINTS = 25;
const MOST_MISSED = 10;

const median = (values: number[]) => {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : Math.round((s[mid - 1] + s[mid]) / 2);
};

function memberCourses(aula: AulaItem, member: MemberItem, reads: GroupReads): MemberCourse[] {
  return aula.cursos.map((c) => {
    const copy = member.copias?.[c.courseId];
    const progress = copy ? reads.course(member.userId, copy) : undefined;
    const modulos = c.modulos.map((m) => {
      const attempts = copy && progress ? reads.attempts(member.userId, copy, m.moduleId) : [];
      const scores = attempts.map((a) => a.score);
      return {
        moduleId: m.moduleId,
        titulo: m.titulo,
        progreso: percent(progress?.completadasPorModulo?.[m.moduleId] ?? 0, m.lecciones),
        evaluacion: { intentos: attempts.length, mejorNota: scores.length ? Math.max(...scores) : null, aprobado: attempts.some((a) => a.aprobado) },
      };
    });
    const total = c.modulos.reduce((n, m) => n + m.lecciones, 0);
    const certificado = copy && progress ? reads.certificate(member.userId, copy) : undefined;
    const done = modulos.reduce((n, m) => n + m.progreso.completadas, 0);
    const started = done > 0 || modulos.some((m) => m.evaluacion.intentos > 0);
    const finished = Boolean(certificado) || (done === total && modulos.every((m) => m.evaluacion.aprobado));
    return {
      courseId: c.courseId,
      titulo: c.titulo,
      estado: finished ? 'completado' : started ? 'en_curso' : 'sin_empezar',
      progreso: percent(done, total),
      modulos,
      ...(certificado && { certificado }),
    };
  });
}

/** Every answer to a question of the teacher's bank, counted; the most missed first. */
function mostMissed(aula: AulaItem, members: MemberItem[], reads: GroupReads): MissedQuestion[] {
  const counts = new Map<string, MissedQuestion>();
  for (const member of members) {
    for (const c of aula.cursos) {
      const copy = member.copias?.[c.courseId];
      if (!copy) continue;
      for (const m of c.modulos) {
        const bank = reads.bank(c.courseId, m.moduleId);
        for (const attempt of reads.attempts(member.userId, copy, m.moduleId)) {
          for (const [preguntaId, opcion] of Object.entries(attempt.respuestas ?? {})) {
            const q = bank.get(preguntaId);
            // A question of a bank the member drew again (another version) is not the group's question.
            if (!q) continue;
            const key = `${c.courseId}/${m.moduleId}/${preguntaId}`;
            const entry = counts.get(key) ?? { courseId: c.courseId, curso: c.titulo, moduleId: m.moduleId, enunciado: q.enunciado, fallos: 0, respuestas: 0 };
            entry.respuestas += 1;
            if (opcion !== q.correcta) entry.fallos += 1;
            counts.set(key, entry);
          }
        }
      }
    }
  }
  return [...counts.values()]
    .filter((q) => q.fallos > 0)
    .sort((a, b) => b.fallos - a.fallos || b.fallos / b.respuestas - a.fallos / a.respuestas || a.enunciado.localeCompare(b.enunciado))
    .slice(0, MOST_MISSED);
}

/** The teacher's questions withdrawn from every draw by item statistics (issue 41 item 3), with why. */
function withdrawn(aula: AulaItem, reads: GroupReads): WithdrawnQuestion[] {
  return aula.cursos.flatMap((c) =>
    c.modulos.flatMap((m) =>
      [...reads.bank(c.courseId, m.moduleId).values()].flatMap((q) => {
        const s = reads.item?.(q);
        if (!s?.retirada) return [];
        const motivo = WITHDRAWAL_TEXT[s.retirada as keyof typeof WITHDRAWAL_TEXT] ?? 'Retirada de las evaluaciones.';
        return [{ courseId: c.courseId, curso: c.titulo, moduleId: m.moduleId, enunciado: q.enunciado, motivo, respuestas: s.n, aciertos: s.n ? Math.round((100 * s.ok) / s.n) : 0 }];
      }),
    ),
  );
}

export function groupView(aula: AulaItem, members: MemberItem[], reads: GroupReads): AulaGroupView {
  const present = members.filter((m) => reads.present.has(m.userId));
  const rows = present.map((member) => {
    const cursos = memberCourses(aula, member, reads);
    const progreso = percent(cursos.reduce((n, c) => n + c.progreso.completadas, 0), cursos.reduce((n, c) => n + c.progreso.total, 0));
    return { member, cursos, progreso };
  });
  const medianaProgreso = median(rows.map((r) => r.progreso.porcentaje));
  const miembros: MemberView[] = rows
    .map(({ member, cursos, progreso }) => ({
      userId: member.userId,
      nombre: member.nombre,
      unidoEn: member.unidoEn,
      progreso,
      rezagado: rows.length > 1 && progreso.porcentaje <= medianaProgreso - BEHIND_POINTS,
      cursos,
    }))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
  return { aula: toAulaView(aula), medianaProgreso, miembros, preguntasMasFalladas: mostMissed(aula, present, reads), preguntasRetiradas: withdrawn(aula, reads) };
}
