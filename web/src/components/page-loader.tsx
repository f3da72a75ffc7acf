import { Spinner } from './spinner';

/** SPEC §2 loading texts: "Cargando..." or "Cargando {site}...". */
export function PageLoader({ site }: { site?: string }) {
  const text = site ? `Cargando ${site}...` : 'Cargando...';
  return (
    <div className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600" role="status">
      <Spinner size="md" color="blue" />
      <span>{text}</span>
    </div>
  );
}
