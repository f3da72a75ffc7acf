import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { ConnectionLists } from './connection-lists';
import { LearnerGrid } from './learner-grid';
import { PrivacyChoice } from './privacy-choice';
import type { SocialAction } from './api';
import { useSocial } from './use-social';

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 hover:text-indigo-900';

/** /social: find learners by topic, see who shares your interests, and manage requests and connections. */
export default function SocialPage() {
  const { user } = useAuth();
  const s = useSocial();
  const act = (action: SocialAction, userId: string) => void s.act(action, userId);
  const [query, setQuery] = useState('');
  const inputId = useId();
  const hasInterests = (user?.intereses ?? []).length > 0;
  const pending = s.connections?.recibidas.length ?? 0;

  // Issue 34, one row per person: whoever the search shows is not suggested again below it.
  const inResults = new Set(s.topic ? s.results.items.map((c) => c.userId) : []);
  const suggestions = inResults.size ? { ...s.suggestions, items: s.suggestions.items.filter((c) => !inResults.has(c.userId)) } : s.suggestions;

  function onSearch(e: FormEvent) {
    e.preventDefault();
    s.search(query);
  }

  return (
    <section>
      <title>Comunidad · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Comunidad</h1>
      <p className="mt-1 max-w-2xl text-slate-700">Encuentra a personas que aprenden lo mismo que tú y conecta con ellas.</p>

      <PrivacyChoice />
      {user?.perfilPublico === false && (
        <p className="mt-4 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
          Tu perfil está oculto: nadie puede encontrarte por tus temas. <Link to="/profile" className={linkClass}>Mostrarlo en la comunidad</Link>
        </p>
      )}
      {pending > 0 && (
        <p className="mt-4 rounded-xl bg-indigo-50 p-4 text-sm text-indigo-900" role="status">
          Tienes {pending === 1 ? 'una solicitud pendiente' : `${pending} solicitudes pendientes`}.{' '}
          <a href="#solicitudes-recibidas" className={linkClass}>Verlas</a>
        </p>
      )}

      <form role="search" onSubmit={onSearch} className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <label htmlFor={inputId} className="block text-sm font-semibold text-slate-800">Buscar personas por tema</label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="search"
            value={query}
            maxLength={120}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Ej.: programación, historia, música"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 focus:border-indigo-600"
          />
          <Button type="submit" disabled={!query.trim()}>Buscar</Button>
        </div>
      </form>

      {/* grid-cols-1 (minmax(0, 1fr)) on a phone: the implicit auto column grew to the widest row's unwrapped
          text (a request's name and handle line), and the whole page scrolled sideways (392 px at 390). */}
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-10">
          {s.topic && (
            <LearnerGrid
              id="resultados"
              title={<>Personas que aprenden «{s.topic}»</>}
              list={s.results}
              busy={s.busy}
              onAction={act}
              onMore={() => void s.moreResults()}
              onRetry={() => void s.search(s.topic)}
              empty={<p className="text-slate-700">Nadie comparte todavía «{s.topic}». Prueba con otro tema o con una palabra más general.</p>}
            />
          )}
          <LearnerGrid
            id="sugerencias"
            title="Personas con tus intereses"
            list={suggestions}
            busy={s.busy}
            onAction={act}
            onMore={() => void s.moreSuggestions()}
            onRetry={() => void s.retrySuggestions()}
            empty={
              s.suggestions.items.length > 0 ? (
                <p className="text-slate-700">Las personas con tus intereses ya aparecen en la búsqueda de arriba.</p>
              ) : hasInterests ? (
                <p className="text-slate-700">
                  Aún no hay nadie más con tus intereses. Busca otro tema arriba o <Link to="/generar" className={linkClass}>crea un curso</Link> sobre algo nuevo.
                </p>
              ) : (
                <>
                  <p className="font-semibold text-slate-900">Añade intereses en tu perfil</p>
                  <p className="mt-1 text-slate-700">Así te sugerimos personas que aprenden lo mismo que tú.</p>
                  <Link to="/profile" className="mt-4 inline-flex rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">
                    Añadir intereses
                  </Link>
                </>
              )
            }
          />
        </div>
        <aside aria-label="Solicitudes y conexiones" className="min-w-0">
          <ConnectionLists connections={s.connections} error={s.connectionsError} busy={s.busy} onAction={act} onRetry={() => void s.reloadConnections()} />
        </aside>
      </div>
    </section>
  );
}
