import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConnectionState } from '../../../../lambdas/contract/social';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { socialApi, type SocialAction } from './api';
import { setConnectionState, useLearnerList } from './learner-list';
import { socialKeys } from './query-keys';

export type { LearnerList } from './learner-list';

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
  const client = useQueryClient();
  const [topic, setTopic] = useState('');
  const suggestions = useLearnerList(socialKeys.suggestions(), socialApi.suggestions, 'No pudimos cargar las sugerencias.');
  const results = useLearnerList(socialKeys.search(topic), (cursor) => socialApi.search(topic, cursor), 'No pudimos buscar por ese tema.', topic !== '');
  const connectionsKey = socialKeys.connections();
  const connectionsQuery = useQuery({
    queryKey: connectionsKey,
    // The first read shows the loading indicator; the refresh after an action is quiet.
    queryFn: () => socialApi.connections(client.getQueryData(connectionsKey) !== undefined),
  });
  const [busy, setBusy] = useState<Record<string, SocialAction>>({});
  const connections = connectionsQuery.data;
  const connectionsError = connectionsQuery.isError && !connections ? errorMessage(connectionsQuery.error, 'No pudimos cargar tus conexiones.') : undefined;

  function search(raw: string) {
    const t = raw.trim().replace(/\s+/g, ' ');
    // The same topic again asks again, from the first page.
    if (t && t === topic) void results.restart();
    setTopic(t);
  }

  async function act(action: SocialAction, userId: string) {
    setBusy((b) => ({ ...b, [userId]: action }));
    try {
      const res = await socialApi[action](userId);
      setConnectionState(client, userId, NEXT_STATE[action](res.data.estado));
      notify.success(res.message || 'Hecho');
    } catch (err) {
      notify.error(errorMessage(err, FAILED[action]));
    } finally {
      // Either way the connections changed or may have: read them again, quietly.
      await client.invalidateQueries({ queryKey: connectionsKey });
      setBusy(({ [userId]: _, ...rest }) => rest);
    }
  }

  return {
    suggestions: suggestions.list,
    moreSuggestions: suggestions.more,
    retrySuggestions: suggestions.restart,
    topic,
    results: results.list,
    search,
    moreResults: results.more,
    connections,
    connectionsError,
    reloadConnections: () => connectionsQuery.refetch(),
    busy,
    act,
  };
}
