import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { saveZip, scormApi } from './scorm-api';

/** Said before anyone downloads: the package's evaluations are not Mentora's (docs/scorm.md). */
export const SCORM_WARNING =
  'Las evaluaciones del paquete se corrigen en el navegador: sus preguntas y respuestas viajan dentro del paquete, así que no están protegidas como las de Mentora. Son preguntas de repaso distintas de tus evaluaciones y no otorgan certificados de Mentora.';

/**
 * The owner's course (a `listo` course) as a SCORM 1.2 package, in the course menu: said in a
 * teacher's words first (where it goes, what it holds); the format's name comes second.
 */
export function ScormExport({ courseId }: { courseId: string }) {
  const titleId = useId();
  const warningId = useId();
  const download = useMutation({
    mutationFn: () => scormApi.package(courseId),
    onSuccess: (pkg) => {
      saveZip(pkg);
      notify.success('Paquete SCORM descargado. Súbelo a la plataforma de tu centro como paquete SCORM 1.2.');
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos preparar el paquete SCORM.')),
  });
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={titleId} className="font-semibold text-slate-900">Usar en el aula virtual de tu centro</h2>
      <div className="mt-1 space-y-2 text-sm text-slate-700">
        <p>
          Para docentes: descarga el curso como paquete SCORM 1.2, el formato que importan Moodle, Canvas o Blackboard. Tendrás una actividad por
          lección y una evaluación de repaso por módulo, que informan de la finalización y la nota.
        </p>
        <p id={warningId} className="text-slate-600">{SCORM_WARNING}</p>
      </div>
      <Button type="button" variant="secondary" className="mt-3" busy={download.isPending} aria-describedby={warningId} onClick={() => download.mutate()}>
        Descargar paquete SCORM
      </Button>
    </section>
  );
}
