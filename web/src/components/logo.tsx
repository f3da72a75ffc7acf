import { Link } from 'react-router-dom';
import { BRAND } from '../config/constants';

/** The Mentora mark: an open book whose pages form an "M", on the brand gradient. */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="mentora-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill="url(#mentora-g)" />
      <path d="M9 28V13l11 8 11-8v15" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="20" cy="10" r="2.4" fill="#fde68a" />
    </svg>
  );
}

/** `nameClassName`/`markClassName` let the site header shrink or hide the word on a phone (issue 44). */
export function Logo({ to, withName = true, nameClassName, markClassName }: { to: string; withName?: boolean; nameClassName?: string; markClassName?: string }) {
  return (
    <Link to={to} className="inline-flex shrink-0 items-center gap-2 rounded-lg" aria-label={`${BRAND}, ir al inicio`}>
      <LogoMark className={markClassName} />
      {withName && <span className={`text-xl font-bold tracking-tight text-slate-900 ${nameClassName ?? ''}`}>{BRAND}</span>}
    </Link>
  );
}
