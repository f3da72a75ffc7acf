import type http from 'node:http';
import { installClock, systemClock } from '../../lambdas/shared/clock';

// The local stack's clock: the system clock plus an offset, installed as the clock every handler
// and the Stripe stand-in read (lambdas/shared/clock.ts). Tests move it through the gateway:
//   GET  /__local/clock                      -> { now, offsetMs }
//   POST /__local/clock { "advanceMs": n }   moves it forward (composes with other tests' moves)
//   POST /__local/clock { "offsetMs": n }    sets the offset from the system clock
// so a quota crosses midnight or a month, or a signed webhook grows stale, without waiting.

export interface ClockMove {
  offsetMs?: number;
  advanceMs?: number;
}

/** Installs the movable clock for this process and answers the control requests. */
export function clockControl() {
  let offsetMs = 0;
  installClock({ now: () => new Date(systemClock.now().getTime() + offsetMs) });
  const state = () => ({ now: new Date(systemClock.now().getTime() + offsetMs).toISOString(), offsetMs });
  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));

  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (req.method === 'GET') return void send(res, 200, state());
    if (req.method !== 'POST') return void send(res, 405, { message: 'GET or POST' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let move: ClockMove;
    try {
      move = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ClockMove;
    } catch {
      return void send(res, 400, { message: 'The body must be JSON: { "advanceMs": n } or { "offsetMs": n }' });
    }
    const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
    if (finite(move.offsetMs)) offsetMs = move.offsetMs!;
    else if (finite(move.advanceMs)) offsetMs += move.advanceMs!;
    else return void send(res, 400, { message: 'Expected { "advanceMs": n } or { "offsetMs": n } in milliseconds' });
    send(res, 200, state());
  };
}
