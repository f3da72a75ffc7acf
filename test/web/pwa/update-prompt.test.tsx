import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UPDATE_CHECK_MS, watchForUpdates, type WorkerPort } from '../../../web/src/app/pwa/update-flow';
import { UpdatePrompt } from '../../../web/src/app/pwa/update-prompt';
import { SKIP_WAITING } from '../../../web/src/app/pwa/sw-contract';

// Issue 44: a new version is announced and swapped only when the learner asks; nothing reloads by itself.

function fakeWorker() {
  const listeners: Record<string, (() => void)[]> = {};
  const port: WorkerPort & { fire(type: string): void; sent: unknown[]; updates: number } = {
    sent: [],
    updates: 0,
    addEventListener: (type, listener) => void (listeners[type] ??= []).push(listener),
    register: () => Promise.resolve(undefined),
    update: () => ((port.updates += 1), Promise.resolve(undefined)),
    messageSW: (data) => (port.sent.push(data), Promise.resolve(undefined)),
    fire: (type) => (listeners[type] ?? []).forEach((l) => l()),
  };
  return port;
}

/** The flow as register.tsx wires it, with the prompt rendered in the test's tree. */
function wire(now: () => number = Date.now) {
  const wb = fakeWorker();
  const reload = jest.fn();
  let update: (() => void) | undefined;
  const announced = jest.fn((u: () => void) => (update = u));
  void watchForUpdates(wb, announced, reload, now);
  return { wb, reload, announced, show: () => render(<UpdatePrompt onUpdate={update!} />) };
}

it('a first install that takes the page is not an update: nothing announced, nothing reloaded', () => {
  const { wb, reload, announced } = wire();
  wb.fire('controlling');
  expect(announced).not.toHaveBeenCalled();
  expect(reload).not.toHaveBeenCalled();
  expect(wb.sent).toEqual([]);
});

it('a waiting version is announced in Spanish and waits: the page is swapped only after "Actualizar"', async () => {
  const { wb, reload, announced, show } = wire();
  wb.fire('waiting');
  expect(announced).toHaveBeenCalledTimes(1);
  show();
  expect(screen.getByRole('status')).toHaveTextContent('Hay una versión nueva — Actualizar');
  // Mid-lesson nothing happens by itself: no message to the worker, no reload.
  expect(wb.sent).toEqual([]);
  expect(reload).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
  expect(wb.sent).toEqual([{ type: SKIP_WAITING }]);
  // The reload waits for the new worker to take over (the old one keeps serving until then).
  expect(reload).not.toHaveBeenCalled();
  act(() => wb.fire('controlling'));
  expect(reload).toHaveBeenCalledTimes(1);
  // A second press sends nothing more.
  await userEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
  expect(wb.sent).toHaveLength(1);
});

it('closing the notice leaves the update waiting: no message, no reload', async () => {
  const { wb, reload, show } = wire();
  wb.fire('waiting');
  show();
  await userEvent.click(screen.getByRole('button', { name: 'Cerrar el aviso' }));
  expect(screen.queryByText(/Hay una versión nueva/)).toBeNull();
  wb.fire('controlling');
  expect(wb.sent).toEqual([]);
  expect(reload).not.toHaveBeenCalled();
});

it('a tab that comes back after an hour asks for a new version, not before', () => {
  let t = 1_000;
  const { wb } = wire(() => t);
  const visible = () => document.dispatchEvent(new Event('visibilitychange'));
  t += UPDATE_CHECK_MS - 1;
  visible();
  expect(wb.updates).toBe(0);
  t += 1;
  visible();
  expect(wb.updates).toBe(1);
  visible();
  expect(wb.updates).toBe(1);
});
