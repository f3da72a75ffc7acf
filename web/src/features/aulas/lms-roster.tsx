import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LMS_ROSTER_ROLES, type LmsAulaView, type LmsRosterView } from '../../../../lambdas/contract/lms-grades';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/locale';
import { aulasApi } from './api';
import { aulaKeys } from './query-keys';

// An LMS course's aula (issue 45 item 5, docs/lti.md "Roster"): the course's members as the LMS lists them
// (NRPS), imported when the teacher asks, and who among them has not opened Mentora yet. Each row shows the name
// as the LMS gives it and the role; nothing else of anyone (the aula's join screen's promise). Shown only when a
// launch named the course's membership service; an aula made in Mentora shows nothing here. The roster comes with
// the aula's LMS view (GET /aulas/{id}/lms, the same query as the scores); an import replaces it there.

type Member = LmsRosterView['miembros'][number];

function MemberRow({ member }: { member: Member }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      {/* A long name wraps beside its badge, never pushes it under (390 px). */}
      <div className="min-w-0 flex-1 break-words">
        <p className="font-medium text-slate-900">{member.nombre}</p>
        <p className="text-sm text-slate-600">{LMS_ROSTER_ROLES[member.rol]}</p>
      </div>
      {member.haEntrado
        ? <span className="shrink-0 whitespace-nowrap rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-200">Ya entró</span>
        : <span className="shrink-0 whitespace-nowrap rounded-full bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">Aún no ha entrado</span>}
    </li>
  );
}

export function LmsRoster({ aulaId }: { aulaId: string }) {
  const client = useQueryClient();
  const { data: view } = useQuery({ queryKey: aulaKeys.lms(aulaId), queryFn: () => aulasApi.lms(aulaId), staleTime: 0, retry: false });
  const importing = useMutation({
    mutationFn: () => aulasApi.importRoster(aulaId),
    onSuccess: (answer) => client.setQueryData<LmsAulaView>(aulaKeys.lms(aulaId), (old) => old && { ...old, lista: answer.data }),
  });
  const data = view?.lista;
  if (!data || (!data.disponible && !data.miembros.length)) return null;
  const imported = Boolean(data.importadaEn);
  const estudiantes = data.miembros.filter((m) => m.rol === 'estudiante').length;
  return (
    <section aria-labelledby="miembros-lms" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="miembros-lms" className="text-lg font-semibold text-slate-900">Miembros del curso en tu plataforma (LMS)</h2>
        <Button type="button" variant="secondary" busy={importing.isPending} disabled={data.importando} onClick={() => importing.mutate()}>
          {imported ? 'Importar de nuevo' : 'Importar la lista'}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Trae la lista del curso desde tu plataforma para ver quién aún no ha entrado en Mentora. Se guardan solo el nombre y el rol que da la plataforma, durante 30 días; ni correos ni fotos.
      </p>
      <div role="status" className="mt-2 text-sm">
        {importing.isSuccess && <p className="text-emerald-800">{importing.data.message}</p>}
        {data.importando && !importing.isPending && <p className="text-slate-700">Se está importando la lista de tu plataforma…</p>}
      </div>
      {importing.error && <p role="alert" className="mt-2 text-sm text-red-800">{errorMessage(importing.error, 'No pudimos importar la lista de tu plataforma.')}</p>}
      {!imported && !importing.isPending && <p className="mt-3 text-sm text-slate-700">Aún no has importado la lista de este curso.</p>}
      {imported && (
        <>
          <p className="mt-3 font-medium text-slate-900">
            {data.sinEntrar === 0 ? `Todos los estudiantes (${estudiantes}) ya entraron` : `${data.sinEntrar} de ${estudiantes} ${estudiantes === 1 ? 'estudiante aún no ha entrado' : 'estudiantes aún no han entrado'}`}
            <span className="block text-sm font-normal text-slate-600">Lista importada el {formatDate(data.importadaEn!)}</span>
          </p>
          <ul className="mt-2 divide-y divide-slate-200">{data.miembros.map((m, i) => <MemberRow key={`${i}-${m.nombre}`} member={m} />)}</ul>
        </>
      )}
    </section>
  );
}
