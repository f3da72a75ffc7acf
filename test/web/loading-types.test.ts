import { loadingMessages, loadingTypeFor } from '../../lambdas/contract/routes';
import { BLOCKING_TYPES, useLoadingStore } from '../../web/src/lib/loading-store';

describe('loading types by URL (SPEC §9)', () => {
  it.each([
    ['post', '/api/auth/login', 'auth'],
    ['post', '/courses/plan', 'generator'],
    ['post', '/courses/suggestions', 'suggestions'],
    ['post', '/courses/c1/progress', 'progress'],
    ['get', '/courses/c1', 'course'],
    ['get', '/courses/my-courses', 'general'],
    ['post', '/ai-tutor/chat', 'chat'],
    ['put', '/users/profile', 'profile'],
    ['post', '/evaluacion/generate', 'evaluacion'],
    ['get', '/social/users/search?topic=x', 'general'],
    ['get', '/nothing/here', 'general'],
  ])('%s %s → %s', (method, url, type) => {
    expect(loadingTypeFor(method, url)).toBe(type);
  });

  it('has the SPEC message for every type', () => {
    expect(loadingMessages).toEqual({
      auth: 'Iniciando sesión...',
      generator: 'Creando tu curso personalizado...',
      suggestions: 'Generando sugerencias de curso...',
      progress: 'Guardando progreso...',
      general: 'Cargando contenido...',
      chat: 'Conectando con el tutor...',
      profile: 'Actualizando perfil...',
      course: 'Cargando datos de la clase...',
      evaluacion: 'Cargando evaluación...',
    });
  });

  it('only auth, course, progress and evaluacion block the page', () => {
    expect([...BLOCKING_TYPES].sort()).toEqual(['auth', 'course', 'evaluacion', 'progress']);
  });
});

describe('loading store (SPEC §4)', () => {
  beforeEach(() => useLoadingStore.getState().setLoading(false));

  it('setting the message or the type has an effect only while loading is on', () => {
    const s = useLoadingStore.getState();
    s.setMessage('ignorado');
    s.setType('chat');
    expect(useLoadingStore.getState()).toMatchObject({ isLoading: false, type: 'general', message: 'Cargando contenido...' });
    s.setLoading(true, 'course');
    expect(useLoadingStore.getState()).toMatchObject({ isLoading: true, type: 'course', message: 'Cargando datos de la clase...' });
    useLoadingStore.getState().setMessage('Casi listo...');
    useLoadingStore.getState().setType('evaluacion');
    expect(useLoadingStore.getState()).toMatchObject({ type: 'evaluacion', message: 'Casi listo...' });
  });

  it('stays on until the last of several requests ends, then 300 ms more', () => {
    jest.useFakeTimers();
    const s = useLoadingStore.getState();
    s.begin('general');
    s.begin('auth');
    s.end();
    jest.advanceTimersByTime(1000);
    expect(useLoadingStore.getState().isLoading).toBe(true);
    s.end();
    jest.advanceTimersByTime(299);
    expect(useLoadingStore.getState().isLoading).toBe(true);
    jest.advanceTimersByTime(1);
    expect(useLoadingStore.getState().isLoading).toBe(false);
    jest.useRealTimers();
  });
});
