import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { AssignedCourse, MemberView } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/locale';
import { aulasApi } from './api';
import { diplomadoLabel } from './assigned-list';
import { downloadCsv } from './csv';
import { LmsGrades } from './lms-grades';
import { LmsRoster } from './lms-roster';
import { aulaKeys } from './query-keys';

/** /aulas/:aulaId: the teacher's view of the group (404 to anyone else, said plainly). */
export default function GroupPage() {
  const { aulaId = '' } = useParams();
  const { data: view, error } = useQuery({ queryKey: aulaKeys.group(aulaId), queryFn: () => aulasApi.group(aulaId), staleTime: 0, retry: false });
  const diplomados = diplomadoOf(view?.aula.cursos ?? []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/aulas" className="text-sm font-semibold text-indigo-700 hover:underline">← Mis aulas</Link>
      {error && <p className="mt-4 rounded-xl bg-white p-4 text-red-800 ring-1 ring-red-200">{errorMessage(error, 'No pudimos cargar el grupo.')}</p>}
      {!view && !error && <p className="mt-4 text-slate-700">Cargando el grupo…</p>}
      {view && (
        <>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{view.aula.nombre}</h1>
              <p className="text-slate-700">{view.miembros.length} {view.miembros.length === 1 ? 'miembro' : 'miembros'} · avance mediano del grupo {view.medianaProgreso} %</p>
            </div>
            <Button type="button" variant="secondary" onClick={() => downloadCsv(view)} disabled={!view.miembros.length}>Descargar CSV</Button>
          </div>
          {!view.miembros.length && <p className="mt-6 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">Aún no hay miembros. Comparte el código {view.aula.codigo} con tu grupo.</p>}
          <ul className="mt-6 space-y-4">{view.miembros.map((m) => <MemberRow key={m.userId} member={m} diplomados={diplomados} />)}</ul>
          <LmsRoster aulaId={aulaId} />
          <LmsGrades aulaId={aulaId} />
          <section aria-labelledby="preguntas-falladas" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="preguntas-falladas" className="text-lg font-semibold text-slate-900">Las preguntas que más falla el grupo</h2>
            {!view.preguntasMasFalladas.length && <p className="mt-2 text-sm text-slate-600">Aún nadie ha fallado una pregunta de las evaluaciones.</p>}
            <ol className="mt-3 list-decimal space-y-2 pl-5">
              {view.preguntasMasFalladas.map((q) => (
                <li key={`${q.courseId}/${q.moduleId}/${q.enunciado}`} className="text-slate-800">
                  <p>{q.enunciado}</p>
                  <p className="text-sm text-slate-600">{q.curso} · {q.fallos} {q.fallos === 1 ? 'fallo' : 'fallos'} en {q.respuestas} {q.respuestas === 1 ? 'respuesta' : 'respuestas'}</p>
                </li>
              ))}
            </ol>
          </section>
          {Boolean(view.preguntasRetiradas?.length) && (
            <section aria-labelledby="preguntas-retiradas" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h2 id="preguntas-retiradas" className="text-lg font-semibold text-slate-900">Preguntas retiradas de las evaluaciones</h2>
              <p className="mt-1 text-sm text-slate-600">Ya no salen en ningún intento: las respuestas de todos los alumnos mostraron un problema.</p>
              <ul className="mt-3 space-y-3">
                {view.preguntasRetiradas?.map((q) => (
                  <li key={`${q.courseId}/${q.moduleId}/${q.enunciado}`} className="text-slate-800">
                    <p>{q.enunciado}</p>
                    <p className="text-sm text-slate-600">{q.curso} · {q.motivo} ({q.aciertos} % de aciertos en {q.respuestas} {q.respuestas === 1 ? 'respuesta' : 'respuestas'})</p>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** How the diplomado each assigned course came with is named (by the teacher's course id, which a member's course carries). */
const diplomadoOf = (cursos: AssignedCourse[]) => new Map(cursos.flatMap((c) => (c.diplomado ? [[c.courseId, diplomadoLabel(c.diplomado.titulo)] as const] : [])));

function MemberRow({ member, diplomados }: { member: MemberView; diplomados: Map<string, string> }) {
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{member.nombre}</h2>
        <p className="flex items-center gap-2 text-sm text-slate-700">
          {member.rezagado && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Va atrasado</span>}
          Avance total {member.progreso.porcentaje} %
        </p>
      </div>
      {member.cursos.map((c) => (
        <div key={c.courseId} className="mt-3">
          <h3 className="font-medium text-slate-900">
            {c.titulo}
            {c.certificado && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Certificado el {formatDate(c.certificado.fecha)}</span>}
            {c.estado === 'sin_empezar' && <span className="ml-2 text-sm font-normal text-slate-600">(sin empezar)</span>}
            {diplomados.has(c.courseId) && <span className="block text-sm font-normal text-slate-600">{diplomados.get(c.courseId)}</span>}
          </h3>
          {/* No horizontal scroll on a phone: three short columns wrap instead. */}
          <div className="mt-1">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Avance de {member.nombre} en {c.titulo}</caption>
              <thead className="text-slate-600">
                <tr><th scope="col" className="py-1 pr-3 font-medium">Módulo</th><th scope="col" className="py-1 pr-3 font-medium">Lecciones</th><th scope="col" className="py-1 pr-3 font-medium">Evaluación</th></tr>
              </thead>
              <tbody>
                {c.modulos.map((m) => (
                  <tr key={m.moduleId} className="border-t border-slate-100 text-slate-800">
                    <th scope="row" className="py-1 pr-3 font-normal">{m.titulo}</th>
                    <td className="py-1 pr-3">{m.progreso.completadas} de {m.progreso.total}</td>
                    <td className="py-1 pr-3">
                      {m.evaluacion.intentos === 0 ? 'Sin intentos' : `${m.evaluacion.aprobado ? 'Aprobada' : 'No aprobada'} · mejor nota ${m.evaluacion.mejorNota} · ${m.evaluacion.intentos} ${m.evaluacion.intentos === 1 ? 'intento' : 'intentos'}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </li>
  );
}
