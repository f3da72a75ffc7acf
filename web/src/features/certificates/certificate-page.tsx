import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import { certificatesApi, longDate } from './api';
import { certificateKeys } from './query-keys';

/** /certificados/:certificateId, public: is this certificate real and valid? Name, title, date and validity only. */
export default function CertificatePage() {
  const { certificateId = '' } = useParams();
  const { data: cert, isError } = useQuery({ queryKey: certificateKeys.verification(certificateId), queryFn: () => certificatesApi.verify(certificateId) });
  const missing = isError && !cert;

  return (
    <section className="mx-auto max-w-2xl">
      <title>Verificación de certificado · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Verificación de certificado</h1>
      <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        {!cert && !missing && (
          <div className="flex items-center gap-3 text-slate-600"><Spinner size="sm" /> Cargando...</div>
        )}
        {missing && (
          <p role="status" className="text-slate-800">
            No encontramos ningún certificado con este código. Revisa que el enlace esté completo.
          </p>
        )}
        {cert && (
          <div className="text-center">
            {cert.valido ? (
              <p role="status" className="inline-flex items-center gap-2 rounded-full bg-emerald-100 px-4 py-1.5 text-sm font-semibold text-emerald-900">
                <span aria-hidden="true">✓</span> Certificado válido
              </p>
            ) : (
              <p role="status" className="inline-flex items-center gap-2 rounded-full bg-red-100 px-4 py-1.5 text-sm font-semibold text-red-800">
                <span aria-hidden="true">✕</span> Certificado revocado
              </p>
            )}
            {cert.nombre && <p className="mt-6 font-serif text-3xl italic text-slate-900 sm:text-4xl">{cert.nombre}</p>}
            {/* Without a name (a revoked certificate shows none) "completó el curso" has no subject. */}
            <p className="mt-4 text-slate-600">{cert.nombre ? (cert.tipo === 'diplomado' ? 'completó el diplomado' : 'completó el curso') : (cert.tipo === 'diplomado' ? 'Diplomado' : 'Curso')}</p>
            <p className="mt-2 text-xl font-semibold text-indigo-700 sm:text-2xl">{cert.titulo}</p>
            <p className="mt-4 text-slate-600">Emitido el {longDate(cert.fecha)}</p>
            {!cert.valido && cert.revocadoEn && <p className="mt-1 text-sm text-red-800">Revocado el {longDate(cert.revocadoEn)}: ya no acredita este logro.</p>}
            <p className="mt-8 break-all text-xs text-slate-500">Código: {cert.certificateId}</p>
          </div>
        )}
      </div>
    </section>
  );
}
