import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { LtiPlatformView } from '../../../../lambdas/contract/lti';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { ConfirmBox } from '../../components/confirm-box';
import { ltiApi } from './api';
import { deploymentsOf, platformKeys } from './platform-form';

// One of the owner's registrations: its state (and whether the frame store has it: "Publicar de nuevo"), its
// deployments (add one: Canvas makes one per install), its course pages' origins (Canvas Cloud's school host), a
// moved key set, and deleting it (its launches stop; the LMS aulas stay as ordinary aulas).

const day = (iso: string) => new Date(iso).toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

export function PlatformItem({ platform }: { platform: LtiPlatformView }) {
  const client = useQueryClient();
  const [deployment, setDeployment] = useState('');
  const [jwks, setJwks] = useState('');
  const [page, setPage] = useState('');
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const done = () => void client.invalidateQueries({ queryKey: platformKeys.all });
  const update = useMutation({
    mutationFn: (body: Parameters<typeof ltiApi.updatePlatform>[1]) => ltiApi.updatePlatform(platform.id, body),
    onSuccess: (res) => { notify.success(res.message ?? 'Plataforma LTI actualizada.'); setDeployment(''); setJwks(''); setPage(''); setError(''); done(); },
    onError: (err) => setError(errorMessage(err, 'No pudimos guardar el cambio. Inténtalo de nuevo.')),
  });
  const remove = useMutation({
    mutationFn: () => ltiApi.deletePlatform(platform.id),
    onSuccess: (message) => { notify.success(message); done(); },
    onError: (err) => setError(errorMessage(err, 'No pudimos eliminar la plataforma. Inténtalo de nuevo.')),
  });
  function addDeployment(e: FormEvent) {
    e.preventDefault();
    const added = deploymentsOf(deployment);
    if (!added.length) return setError('Escribe el deployment_id que quieres añadir.');
    update.mutate({ deployments: [...platform.deployments, ...added] });
  }
  function moveKeys(e: FormEvent) {
    e.preventDefault();
    if (!jwks.trim()) return setError('Escribe la nueva URL de claves (JWKS).');
    update.mutate({ jwksUrl: jwks.trim() });
  }
  function addPage(e: FormEvent) {
    e.preventDefault();
    if (!page.trim()) return setError('Escribe el origen de las páginas de curso, por ejemplo https://tu-escuela.instructure.com.');
    update.mutate({ paginas: [...platform.paginas, page.trim()] });
  }
  const host = new URL(platform.issuer).host;
  const ids = `plat-${platform.id.slice(0, 8)}`;
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="break-all font-semibold text-slate-900">{platform.issuer}</h3>
          <p className="break-all text-sm text-slate-700">Client ID: <span className="font-mono">{platform.clientId}</span></p>
        </div>
        {platform.estado === 'activa'
          ? <p className="shrink-0 self-start rounded-full bg-emerald-100 px-3 py-1 text-sm font-medium text-emerald-900">Activa</p>
          : <p className="shrink-0 self-start rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">Pendiente de aprobación</p>}
      </div>
      {platform.estado === 'pendiente' && (
        <p className="mt-2 text-sm text-amber-900">
          Sus claves (JWKS) no están en el sitio de {host}: hasta que Mentora compruebe que son de tu plataforma, sus lanzamientos no entran.
          Si tu plataforma publica sus claves en su propio sitio, cambia aquí la URL de claves.
        </p>
      )}
      {!platform.publicada && (
        <div className="mt-2 flex flex-col gap-2 rounded-lg bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-amber-900">
            Pendiente de publicar: dentro del iframe de tu plataforma, Mentora no puede abrirse hasta que se publique. Mentora lo reintenta sola; también puedes publicarla ahora.
            {platform.errorPublicacion && <> Último error: <span className="font-mono">{platform.errorPublicacion}</span>.</>}
          </p>
          <Button type="button" variant="secondary" className="shrink-0 whitespace-nowrap" busy={update.isPending} onClick={() => update.mutate({ publicar: true })}>Publicar de nuevo<span className="sr-only"> {host}</span></Button>
        </div>
      )}
      <p className="mt-2 text-sm text-slate-700">
        {platform.probadaEn ? `Primer lanzamiento recibido el ${day(platform.probadaEn)}.` : 'Todavía no ha llegado ningún lanzamiento desde esta plataforma.'}
        {!platform.probadaEn && platform.caducaEn && ` Si no llega ninguno antes del ${day(platform.caducaEn)}, este registro caduca y se elimina.`}
      </p>
      <p className="mt-1 break-all text-sm text-slate-700">Claves: <span className="font-mono">{platform.jwksUrl}</span></p>
      <h4 className="mt-3 text-sm font-semibold text-slate-800">Deployments</h4>
      {platform.deployments.length
        ? <ul className="mt-1 space-y-1">{platform.deployments.map((d) => <li key={d} className="break-all font-mono text-sm text-slate-800">{d}</li>)}</ul>
        : <p className="text-sm text-amber-900">Ninguno: añade el de tu plataforma o sus lanzamientos no entran.</p>}
      <form onSubmit={addDeployment} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="w-full sm:max-w-sm">
          <label htmlFor={`${ids}-dep`} className="block text-sm font-medium text-slate-800">Añadir un deployment</label>
          <input id={`${ids}-dep`} value={deployment} onChange={(e) => { setDeployment(e.target.value); setError(''); }} autoComplete="off" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono" />
        </div>
        <Button type="submit" variant="secondary" busy={update.isPending}>Añadir<span className="sr-only"> deployment a {host}</span></Button>
      </form>
      <h4 className="mt-3 text-sm font-semibold text-slate-800">Páginas de curso</h4>
      {platform.paginas.length ? (
        <ul className="mt-1 space-y-1">
          {platform.paginas.map((p) => (
            <li key={p} className="flex flex-wrap items-center gap-2">
              <span className="break-all font-mono text-sm text-slate-800">{p}</span>
              <button type="button" onClick={() => update.mutate({ paginas: platform.paginas.filter((x) => x !== p) })} className="rounded px-2 py-1 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50">Quitar<span className="sr-only"> {p}</span></button>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-slate-700">Las de {host}. Si los cursos se ven en otro sitio (Canvas Cloud: https://tu-escuela.instructure.com), añádelo.</p>}
      <form onSubmit={addPage} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="w-full sm:max-w-sm">
          <label htmlFor={`${ids}-page`} className="block text-sm font-medium text-slate-800">Añadir el origen de las páginas de curso</label>
          <input id={`${ids}-page`} value={page} onChange={(e) => { setPage(e.target.value); setError(''); }} inputMode="url" autoComplete="off" placeholder="https://tu-escuela.instructure.com" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
        </div>
        <Button type="submit" variant="secondary" busy={update.isPending}>Añadir<span className="sr-only"> páginas de curso a {host}</span></Button>
      </form>
      <form onSubmit={moveKeys} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="w-full sm:max-w-sm">
          <label htmlFor={`${ids}-jwks`} className="block text-sm font-medium text-slate-800">Nueva URL de claves (JWKS)</label>
          <input id={`${ids}-jwks`} value={jwks} onChange={(e) => { setJwks(e.target.value); setError(''); }} inputMode="url" autoComplete="off" className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
        </div>
        <Button type="submit" variant="secondary" busy={update.isPending}>Cambiar claves<span className="sr-only"> de {host}</span></Button>
      </form>
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
      {confirming ? (
        <ConfirmBox label={`Confirmar la eliminación de ${host}`} yes={remove.isPending ? 'Eliminando…' : 'Sí, eliminar'} busy={remove.isPending} onYes={() => remove.mutate()} onCancel={() => setConfirming(false)}>
          ¿Eliminar {host}? Sus lanzamientos dejan de entrar en Mentora y las notas pendientes no se envían. Las aulas de sus cursos siguen, con su profesor y sus miembros, como aulas normales.
        </ConfirmBox>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} className="mt-3 rounded-lg px-4 py-2 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50">Eliminar<span className="sr-only"> {host}</span></button>
      )}
    </li>
  );
}
