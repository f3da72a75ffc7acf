import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { MedalIcon, TrophyIcon } from '../../components/achievement-icons';

export interface FinishMoment {
  kind: 'modulo' | 'curso';
  titulo: string;
  /** The course's certificate page, when known. */
  certificado?: string;
}

const COLORS = ['bg-indigo-500', 'bg-emerald-500', 'bg-amber-400', 'bg-rose-500', 'bg-sky-500'];
const PIECES = Array.from({ length: 18 }, (_, i) => ({ left: (i * 37) % 100, delay: (i % 6) * 0.12, color: COLORS[i % COLORS.length] }));

/** How long the moment stays before it steps aside by itself (the completed card stays on the page). */
export const CELEBRATION_MS = 10_000;

/**
 * A finished module or course is a moment, not a toast (issue 34): a card over the page with
 * confetti, which only falls when the learner's system allows motion. It never takes focus.
 */
export function Celebration({ moment, onClose }: { moment: FinishMoment; onClose: () => void }) {
  useEffect(() => {
    const t = setTimeout(onClose, CELEBRATION_MS);
    return () => clearTimeout(t);
  }, [moment.kind, moment.titulo, onClose]);
  const course = moment.kind === 'curso';
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--header-h,5rem)+1rem)] z-50 flex justify-center px-4">
      <div role="status" className="pointer-events-auto relative w-full max-w-md overflow-hidden rounded-2xl bg-white p-5 text-center shadow-2xl ring-2 ring-emerald-300">
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-40 motion-reduce:hidden">
          {PIECES.map((p, i) => (
            <span key={i} className={`absolute top-0 h-2.5 w-1.5 rounded-sm ${p.color}`}
              style={{ left: `${p.left}%`, animation: `mentora-confetti 1.6s ease-out ${p.delay}s both` }} />
          ))}
        </div>
        <p className="flex justify-center text-emerald-600">{course ? <TrophyIcon className="h-10 w-10" /> : <MedalIcon className="h-10 w-10" />}</p>
        <p className="mt-2 text-xl font-bold text-slate-900">{course ? '¡Curso completado!' : '¡Módulo completado!'}</p>
        <p className="mt-1 text-slate-700">
          {course ? <>Terminaste «{moment.titulo}»: todas las lecciones y todas las evaluaciones.</> : <>Terminaste «{moment.titulo}» y aprobaste su evaluación.</>}
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          {course && moment.certificado && (
            <Link to={moment.certificado} className="rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800">Ver mi certificado</Link>
          )}
          <button type="button" onClick={onClose} className="rounded-lg px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-100">Cerrar</button>
        </div>
      </div>
    </div>
  );
}
