import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LMS_SCORE_STATES, type LmsAulaView, type LmsScoreView } from '../../../../lambdas/contract/lms-grades';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/locale';
import { aulasApi } from './api';
import { aulaKeys } from './query-keys';

// An LMS course's aula (issue 45 item 4, docs/lti.md "Grades"): the scores Mentora sends to the LMS gradebook,
// each with its state, and a retry for one that failed. Shown only when the LMS gave the aula a gradebook
// column or a score exists; an aula made in Mentora shows nothing here. Read when the page opens and on
// "Actualizar" (no polling): a score's job usually ends within seconds.

const BADGE: Record<LmsScoreView['estado'], string> = {
  enviada: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  pendiente: 'bg-amber-50 text-amber-900 ring-amber-200',
  error: 'bg-red-50 text-red-900 ring-red-200',
};

function ScoreRow({ aulaId, score }: { aulaId: string; score: LmsScoreView }) {
  const client = useQueryClient();
  const retry = useMutation({
    mutationFn: () => aulasApi.retryLms(aulaId, score.nota),
    onSettled: () => client.invalidateQueries({ queryKey: aulaKeys.lms(aulaId) }),
  });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{score.nombre}</p>
        <p className="text-sm text-slate-600">{score.actividad} · {score.puntos} de {score.maximo} · {formatDate(score.fecha)}</p>
        {score.estado === 'error' && score.error && <p className="text-sm text-red-800">{score.error}</p>}
        {retry.error && <p className="text-sm text-red-800">{errorMessage(retry.error, 'No pudimos volver a enviar la nota.')}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className={`whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ring-1 ${BADGE[score.estado]}`}>{LMS_SCORE_STATES[score.estado]}</span>
        {score.estado === 'error' && <Button type="button" variant="secondary" busy={retry.isPending} onClick={() => retry.mutate()}>Reintentar</Button>}
      </div>
    </li>
  );
}

/**
 * Plain LMS links launched only while the aula studied several courses (or none): no course is theirs, so they send no
 * grade (docs/lti.md "Grades"). The teacher is told which, and the two ways to make them send one.
 */
function UngradedLinks({ links }: { links: LmsAulaView['sinCurso'] }) {
  return (
    <div role="note" aria-labelledby="sin-curso" className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <p id="sin-curso" className="font-semibold">{links.length === 1 ? 'Esta actividad de tu plataforma no envía notas:' : 'Estas actividades de tu plataforma no envían notas:'}</p>
      <ul className="mt-1 list-disc pl-5">{links.map((l, i) => <li key={`${i}-${l.actividad}`}>{l.actividad}</li>)}</ul>
      <p className="mt-2">
        Se abrieron mientras esta aula estudiaba varios cursos (o ninguno), así que Mentora no sabe de qué curso es su nota. Para que envíen notas,
        añade en tu plataforma la actividad de Mentora eligiendo el curso o la evaluación («Añadir actividad» → Mentora), o deja un solo curso en el
        aula y vuelve a abrir la actividad.
      </p>
    </div>
  );
}

export function LmsGrades({ aulaId }: { aulaId: string }) {
  const { data, isFetching, refetch } = useQuery({ queryKey: aulaKeys.lms(aulaId), queryFn: () => aulasApi.lms(aulaId), staleTime: 0, retry: false });
  if (!data || (!data.conNotas && !data.notas.length)) return null;
  return (
    <section aria-labelledby="notas-lms" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notas-lms" className="text-lg font-semibold text-slate-900">Notas enviadas a tu plataforma (LMS)</h2>
        <Button type="button" variant="ghost" busy={isFetching} onClick={() => void refetch()}>Actualizar</Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">Cada evaluación calificada de un alumno que entró desde la plataforma envía su nota al libro de calificaciones.</p>
      {!!data.sinCurso?.length && <UngradedLinks links={data.sinCurso} />}
      {!data.notas.length && <p className="mt-3 text-sm text-slate-700">Aún no hay notas: se envían cuando un alumno termina una evaluación.</p>}
      <ul className="mt-2 divide-y divide-slate-200">{data.notas.map((n) => <ScoreRow key={n.nota} aulaId={aulaId} score={n} />)}</ul>
    </section>
  );
}
