import { overtakes } from '../../../infra/local/turn-watch';

// How the turn queue's test tells a course served out of turn (issue 35) from a pump's wake-ups, a
// relayed task coming back and a small request's lane: the samples a watch takes, written by hand.
const W = 2_000;
const A = 'r0#2026-12-01T05:10:00.000Z#aaaaaaaa-0000-4000-8000-000000000001';
const B = 'r0#2026-12-01T05:10:00.300Z#bbbbbbbb-0000-4000-8000-000000000002';
const at = (ms: number, ...sks: string[]) => ({ at: ms, waiters: sks.map((sk) => ({ sk, tokens: 1000 })) });

it('sees nothing when courses are served in order', () => {
  const r = overtakes([at(0, `${A}#lesson#1`, `${B}#lesson#1`), at(100, `${B}#lesson#1`), at(2100), at(2200)], W);
  expect(r).toEqual({ overtaken: [], pairs: 0 });
});

it('allows one pump: the later waiter leaves first, the earlier one within a window', () => {
  const r = overtakes([at(0, `${A}#lesson#1`, `${B}#lesson#1`), at(100, `${A}#lesson#1`), at(1900)], W);
  expect(r).toEqual({ overtaken: [], pairs: 1 });
});

it('flags a later course served while an earlier one waits on a whole window', () => {
  const r = overtakes([at(0, `${A}#lesson#1`, `${B}#lesson#1`), at(100, `${A}#lesson#1`), at(2100, `${A}#lesson#1`), at(2200)], W);
  expect(r.overtaken).toEqual([{ passed: `${A}#lesson#1`, by: `${B}#lesson#1`, waitedOnMs: 2000 }]);
});

it('does not count a relayed task that comes back under its key, nor a small request in the lane', () => {
  const lane = '0#2026-12-01T05:10:01.000Z#cccccccc-0000-4000-8000-000000000003#lesson#1';
  const r = overtakes([at(0, lane, `${A}#lesson#1`, `${B}#lesson#1`), at(100, `${A}#lesson#1`), at(2100, `${A}#lesson#1`, `${B}#lesson#1`), at(2200, `${B}#lesson#1`), at(2300)], W);
  expect(r).toEqual({ overtaken: [], pairs: 0 });
});
