import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConnectionState, Connections, LearnerCard, LearnersPage } from '../../../../lambdas/contract/social';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { socialApi, type SocialAction } from './api';

export interface LearnerList {
  items: LearnerCard[];
  cursor: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: string;
  loadingMore: boolean;
}
const EMPTY: LearnerList = { items: [], cursor: null, status: 'idle', loadingMore: false };

/** One paginated list of learner cards (suggestions or a search), loaded page by page. */
function useLearnerList(fallback: string) {
  const [list, setList] = useState<LearnerList>(EMPTY);
  const generation = useRef(0);
  // The next page's cursor, also kept here so `load` stays the same function from page to page.
  const cursor = useRef<string | null>(null);
  const load = useCallback(
    async (fetchPage: (cursor?: string | null) => Promise<LearnersPage>, more = false) => {
      const mine = more ? generation.current : ++generation.current;
      if (!more) cursor.current = null;
      setList((l) => (more ? { ...l, loadingMore: true } : { ...EMPTY, status: 'loading' }));
      try {
        const page = await fetchPage(more ? cursor.current : null);
        if (mine !== generation.current) return; // a newer search replaced this one
        cursor.current = page.cursor;
        setList((l) => ({ items: more ? [...l.items, ...page.items.filter((c) => !l.items.some((x) => x.userId === c.userId))] : page.items, cursor: page.cursor, status: 'ready', loadingMore: false }));
      } catch (err) {
        if (mine !== generation.current) return;
        const error = errorMessage(err, fallback);
        if (more) {
          notify.error(error);
          setList((l) => ({ ...l, loadingMore: false }));
        } else setList({ ...EMPTY, status: 'error', error });
      }
    },
    [fallback],
  );
  const setState = (userId: string, conexion: ConnectionState) =>
    setList((l) => ({ ...l, items: l.items.map((c) => (c.userId === userId ? { ...c, conexion } : c)) }));
  return { list, load, setState };
}

const NEXT_STATE: Record<SocialAction, (estado: string) => ConnectionState> = {
  send: (estado) => (estado === 'conectado' ? 'conectado' : 'enviada'),
  accept: () => 'conectado',
  decline: () => 'ninguna',
  remove: () => 'ninguna',
};
const FAILED: Record<SocialAction, string> = {
  send: 'No pudimos enviar la solicitud.',
  accept: 'No pudimos aceptar la solicitud.',
  decline: 'No pudimos rechazar la solicitud.',
  remove: 'No pudimos completar la acción.',
};

/** Everything /social shows: suggestions, a topic search, requests and connections, and the actions. */
export function useSocial() {
  const suggestions = useLearnerList('No pudimos cargar las sugerencias.');
  const results = useLearnerList('No pudimos buscar por ese tema.');
  const [topic, setTopic] = useState('');
  const [connections, setConnections] = useState<Connections | undefined>();
  const [connectionsError, setConnectionsError] = useState<string | undefined>();
  const [busy, setBusy] = useState<Record<string, SocialAction>>({});

  const loadConnections = useCallback(async (silent = false) => {
    try {
      setConnections(await socialApi.connections(silent));
      setConnectionsError(undefined);
    } catch (err) {
      if (!silent) setConnectionsError(errorMessage(err, 'No pudimos cargar tus conexiones.'));
    }
  }, []);

  const { load: loadSuggestions } = suggestions;
  useEffect(() => {
    void loadSuggestions(socialApi.suggestions);
    void loadConnections();
  }, [loadSuggestions, loadConnections]); // both stable: once, when the page opens

  function search(raw: string) {
    const t = raw.trim().replace(/\s+/g, ' ');
    setTopic(t);
    if (t) void results.load((cursor) => socialApi.search(t, cursor));
  }

  async function act(action: SocialAction, userId: string) {
    setBusy((b) => ({ ...b, [userId]: action }));
    try {
      const res = await socialApi[action](userId);
      const next = NEXT_STATE[action](res.data.estado);
      suggestions.setState(userId, next);
      results.setState(userId, next);
      notify.success(res.message || 'Hecho');
      await loadConnections(true);
    } catch (err) {
      notify.error(errorMessage(err, FAILED[action]));
      await loadConnections(true);
    } finally {
      setBusy(({ [userId]: _, ...rest }) => rest);
    }
  }

  return {
    suggestions: suggestions.list,
    moreSuggestions: () => suggestions.load(socialApi.suggestions, true),
    retrySuggestions: () => suggestions.load(socialApi.suggestions),
    topic,
    results: results.list,
    search,
    moreResults: () => results.load((cursor) => socialApi.search(topic, cursor), true),
    connections,
    connectionsError,
    reloadConnections: () => loadConnections(),
    busy,
    act,
  };
}
