import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { CertificateSummary } from '../../../../lambdas/contract/certificates';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { certificatesApi, longDate, savePdf, verificationUrl } from './api';
import { certificateKeys } from './query-keys';

/** The learner's certificates on /profile: download the PDF, copy the public link. */
export function MyCertificates() {
  // Read each time the profile opens: a pass anywhere may have issued one since.
  const { data: items, isError } = useQuery({ queryKey: certificateKeys.mine(), queryFn: () => certificatesApi.list(), staleTime: 0 });
  const failed = isError && !items;
  const [busy, setBusy] = useState<string | undefined>();

  async function download(id: string) {
    setBusy(id);
    try {
      savePdf(await certificatesApi.pdf(id));
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo descargar el certificado'));
    } finally {
      setBusy(undefined);
    }
  }

  async function share(c: CertificateSummary) {
    const url = verificationUrl(c.verificacion);
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Enlace copiado: cualquiera puede verificar tu certificado con él');
    } catch {
      notify.error(`No se pudo copiar. Este es el enlace: ${url}`);
    }
  }

  return (
    <section aria-labelledby="certificados-titulo" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="certificados-titulo" className="text-lg font-semibold text-slate-900">Mis certificados</h2>
      {failed && <p className="mt-3 text-sm text-red-700">No pudimos cargar tus certificados. Recarga la página para intentarlo de nuevo.</p>}
      {!failed && !items && <p className="mt-3 text-sm text-slate-600">Cargando...</p>}
      {items?.length === 0 && (
        <p className="mt-3 text-sm text-slate-600">
          Completa todas las lecciones de un curso y aprueba sus evaluaciones para obtener tu certificado.
        </p>
      )}
      {!!items?.length && (
        <ul className="mt-4 divide-y divide-slate-200">
          {items.map((c) => (
            <li key={c.certificateId} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{c.titulo}</p>
                <p className="text-sm text-slate-600">
                  {c.tipo === 'diplomado' ? 'Diplomado' : 'Curso'} · {longDate(c.fecha)}
                  {c.estado === 'revocado' && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Revocado</span>}
                </p>
                <Link to={c.verificacion} className="text-sm font-medium text-indigo-700 hover:underline">Ver página de verificación</Link>
              </div>
              {c.estado === 'valido' && (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button type="button" busy={busy === c.certificateId} onClick={() => void download(c.certificateId)}>Descargar PDF</Button>
                  <Button type="button" variant="secondary" onClick={() => void share(c)}>Copiar enlace</Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
