/** One quota as a labelled progress bar: "Cursos nuevos este mes · 1 de 3". */
export function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const full = used >= limit;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className={full ? 'font-semibold text-red-700' : 'text-slate-600'}>
          {used} de {limit}
        </span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used} className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200">
        <div className={`h-full rounded-full ${full ? 'bg-red-600' : 'bg-indigo-600'}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
