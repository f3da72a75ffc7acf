import type { ReactNode } from 'react';
import { Button } from '../../components/button';
import type { SocialAction } from './api';
import { LearnerCard } from './learner-card';
import type { LearnerList } from './learner-list';

interface Props {
  id: string;
  title: ReactNode;
  list: LearnerList;
  empty: ReactNode;
  busy: Record<string, SocialAction>;
  onAction: (action: SocialAction, userId: string) => void;
  onMore: () => void;
  onRetry: () => void;
}

/** A titled, paginated grid of learner cards with its loading, error and empty states. */
export function LearnerGrid({ id, title, list, empty, busy, onAction, onMore, onRetry }: Props) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-xl font-bold text-slate-900">{title}</h2>
      {list.status === 'loading' ? (
        <ul aria-busy="true" aria-label="Cargando personas" className="mt-4 grid gap-4 sm:grid-cols-2">
          {[0, 1].map((i) => <li key={i} className="h-52 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none" />)}
        </ul>
      ) : list.status === 'error' ? (
        <div role="alert" className="mt-4 rounded-2xl bg-red-50 p-5 text-red-900">
          <p>{list.error}</p>
          <Button type="button" variant="secondary" className="mt-3" onClick={onRetry}>Volver a intentarlo</Button>
        </div>
      ) : list.items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-indigo-200 bg-white p-6 text-center">{empty}</div>
      ) : (
        <>
          <ul aria-labelledby={id} className="mt-4 grid gap-4 sm:grid-cols-2">
            {list.items.map((card) => <LearnerCard key={card.userId} card={card} busy={busy[card.userId]} onAction={onAction} />)}
          </ul>
          {list.cursor && (
            <div className="mt-4 text-center">
              <Button type="button" variant="secondary" busy={list.loadingMore} onClick={onMore}>Ver más personas</Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
