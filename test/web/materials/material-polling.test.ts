import { materialPolling, nextMaterialPoll, type PollState } from '../../../web/src/features/materials/material-polling';
import { aMaterial } from './fixtures';

const reading = (hechas: number) => aMaterial({ origen: 'archivo', estado: 'procesando', progreso: { hechas, total: 40 } });

/** The waits chosen for a run of answers, each arriving at a new time. */
function waits(answers: ReturnType<typeof aMaterial>[]) {
  let state: PollState | undefined;
  return answers.map((m, i) => {
    const next = nextMaterialPoll(state, m, i + 1);
    state = next.state;
    return next.wait;
  });
}

beforeEach(() => {
  materialPolling.firstMs = 1000;
  materialPolling.maxMs = 8000;
});

describe('polling a material being processed (backoff)', () => {
  it('doubles the wait while the pages do not move, up to the bound', () => {
    expect(waits([reading(3), reading(3), reading(3), reading(3), reading(3), reading(3)])).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('asks again after the first wait once a page more is read', () => {
    expect(waits([reading(3), reading(3), reading(3), reading(4), reading(4)])).toEqual([1000, 2000, 4000, 1000, 2000]);
  });

  it('stops once the material is listo or error', () => {
    expect(waits([reading(39), { ...reading(40), estado: 'listo' }])).toEqual([1000, false]);
    expect(waits([reading(1), { ...reading(1), estado: 'error', motivo: 'Este PDF no tiene texto seleccionable.' }])).toEqual([1000, false]);
  });

  it('a re-render asking about the same answer does not stretch the wait', () => {
    const first = nextMaterialPoll(undefined, reading(3), 1);
    const second = nextMaterialPoll(first.state, reading(3), 2);
    expect(nextMaterialPoll(second.state, reading(3), 2).wait).toBe(2000);
    expect(nextMaterialPoll(second.state, reading(3), 2).wait).toBe(2000);
  });
});
