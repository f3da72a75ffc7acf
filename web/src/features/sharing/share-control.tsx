import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { copiesText, sharingApi, shareUrl } from './api';

type Share = NonNullable<CourseDetail['compartido']>;

/**
 * "Compartir" on the owner's course page: publish a link, copy it, see how many copies were made,
 * withdraw it (after a confirmation: the link stops working at once). `onChange` puts the new state
 * on the course shown.
 */
export function ShareControl({ course, onChange }: { course: Pick<CourseDetail, 'courseId' | 'compartido'>; onChange: (share: Share | undefined) => void }) {
  const share = course.compartido;
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const linkId = useId();
  const publish = useMutation({
    mutationFn: () => sharingApi.share(course.courseId),
    onSuccess: (data) => {
      onChange(data);
      notify.success('Enlace creado. Cualquiera que lo tenga podrá leer el curso.');
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos compartir el curso.')),
  });
  const withdraw = useMutation({
    mutationFn: () => sharingApi.withdraw(course.courseId),
    onSuccess: () => {
      setConfirming(false);
      onChange(undefined);
      notify.success('Dejaste de compartir el curso. El enlace ya no funciona.');
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos dejar de compartir el curso.')),
  });

  async function copyLink(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Enlace copiado');
    } catch {
      notify.error('No pudimos copiar el enlace. Selecciónalo y cópialo a mano.');
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={titleId} className="font-semibold text-slate-900">Compartir</h2>
      {!share ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xl text-sm text-slate-700">
            Crea un enlace para que cualquiera lea el temario y las lecciones y pueda copiar el curso. Nunca verá tu progreso ni tus evaluaciones.
          </p>
          <Button type="button" variant="secondary" busy={publish.isPending} onClick={() => publish.mutate()}>Compartir por enlace</Button>
        </div>
      ) : (
        <div className="mt-2 space-y-3">
          <label htmlFor={linkId} className="block text-sm text-slate-700">Enlace para compartir</label>
          <div className="flex flex-wrap gap-2">
            <input
              id={linkId}
              readOnly
              value={shareUrl(share.url)}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
            />
            <Button type="button" onClick={() => void copyLink(shareUrl(share.url))}>Copiar enlace</Button>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" aria-live="polite">{copiesText(share.copias)}</p>
            {!confirming ? (
              <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>Dejar de compartir</Button>
            ) : (
              <div role="group" aria-label="Confirmar" className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-slate-800">El enlace dejará de funcionar. ¿Seguro?</span>
                <Button type="button" variant="secondary" busy={withdraw.isPending} onClick={() => withdraw.mutate()}>Sí, dejar de compartir</Button>
                <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>Cancelar</Button>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
