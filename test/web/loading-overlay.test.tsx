import { act, fireEvent, render, screen } from '@testing-library/react';
import { LoadingOverlay } from '../../web/src/components/loading-overlay';
import { RequestIndicator } from '../../web/src/components/request-indicator';
import { useLoadingStore } from '../../web/src/lib/loading-store';

beforeEach(() => {
  jest.useFakeTimers();
  act(() => useLoadingStore.getState().setLoading(false));
  act(() => jest.runOnlyPendingTimers());
});
afterEach(() => jest.useRealTimers());

const overlay = () => screen.queryByTestId('loading-overlay');

describe('global loading overlay (SPEC §4, §9)', () => {
  it('fades in 10 ms after a blocking load starts and shows its message', () => {
    render(<LoadingOverlay />);
    act(() => useLoadingStore.getState().setLoading(true, 'auth'));
    expect(overlay()).toHaveAttribute('data-visible', 'false');
    act(() => jest.advanceTimersByTime(9));
    expect(overlay()).toHaveAttribute('data-visible', 'false');
    act(() => jest.advanceTimersByTime(1));
    expect(overlay()).toHaveAttribute('data-visible', 'true');
    expect(screen.getByText('Iniciando sesión...')).toBeInTheDocument();
  });

  it('is removed 300 ms after loading ends', () => {
    render(<LoadingOverlay />);
    act(() => useLoadingStore.getState().setLoading(true, 'course'));
    act(() => jest.advanceTimersByTime(10));
    act(() => useLoadingStore.getState().setLoading(false));
    expect(overlay()).toHaveAttribute('data-visible', 'false');
    act(() => jest.advanceTimersByTime(299));
    expect(overlay()).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(overlay()).not.toBeInTheDocument();
  });

  it.each(['auth', 'course', 'progress', 'evaluacion'] as const)('blocks for %s', (type) => {
    render(<LoadingOverlay />);
    act(() => useLoadingStore.getState().setLoading(true, type));
    expect(overlay()).toBeInTheDocument();
  });

  it.each(['general', 'generator', 'suggestions', 'chat', 'profile'] as const)('does not block for %s, which shows the small indicator instead', (type) => {
    render(<><LoadingOverlay /><RequestIndicator /></>);
    act(() => useLoadingStore.getState().setLoading(true, type));
    act(() => jest.advanceTimersByTime(50));
    expect(overlay()).not.toBeInTheDocument();
    expect(screen.getByTestId('request-indicator')).toHaveTextContent(useLoadingStore.getState().message);
  });

  it('locks scrolling and swallows Tab and Escape while shown, and releases them after', () => {
    render(<LoadingOverlay />);
    act(() => useLoadingStore.getState().setLoading(true, 'progress'));
    expect(document.body.style.overflow).toBe('hidden');
    const onKey = jest.fn();
    window.addEventListener('keydown', onKey);
    for (const key of ['Tab', 'Escape']) {
      const allowed = fireEvent.keyDown(document.body, { key });
      expect(allowed).toBe(false);
    }
    expect(onKey).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(document.body, { key: 'a' })).toBe(true);
    act(() => useLoadingStore.getState().setLoading(false));
    act(() => jest.advanceTimersByTime(300));
    expect(document.body.style.overflow).toBe('');
    expect(fireEvent.keyDown(document.body, { key: 'Tab' })).toBe(true);
    window.removeEventListener('keydown', onKey);
  });
});
