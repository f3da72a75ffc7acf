/** A labelled progress bar (0–100) that screen readers read as a progressbar. */
export function ProgressBar({
  value,
  label,
  valueText,
  size = 'md',
  tone = 'indigo',
  showValue = false,
  className = '',
}: {
  value: number;
  label: string;
  /** What a screen reader says instead of the bare percentage, e.g. "3 de 20 pasos". */
  valueText?: string;
  size?: 'sm' | 'md' | 'lg';
  tone?: 'indigo' | 'emerald' | 'white';
  showValue?: boolean;
  className?: string;
}) {
  const pct = Math.max(0, Math.min(100, Math.round(Number.isFinite(value) ? value : 0)));
  const height = { sm: 'h-1.5', md: 'h-2.5', lg: 'h-4' }[size];
  const track = tone === 'white' ? 'bg-white/30' : 'bg-slate-200';
  const bar = { indigo: 'bg-indigo-600', emerald: 'bg-emerald-600', white: 'bg-white' }[tone];
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={valueText ?? `${pct} %`}
        className={`w-full overflow-hidden rounded-full ${track} ${height}`}
      >
        <div className={`${height} rounded-full ${bar} transition-[width] duration-500 ease-out motion-reduce:transition-none`} style={{ width: `${pct}%` }} />
      </div>
      {/* "100 %" stays on one line (issue 34: it wrapped on the course header and the dashboard card). */}
      {showValue && <span className="min-w-12 shrink-0 whitespace-nowrap text-right text-sm font-semibold tabular-nums">{pct} %</span>}
    </div>
  );
}
