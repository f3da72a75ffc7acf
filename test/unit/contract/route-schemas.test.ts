import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { endpoints } from '../../../lambdas/contract/endpoints';
import { routeKey, routes } from '../../../lambdas/contract/routes';
import { tutorChatRequest } from '../../../lambdas/contract/tutor';

// Issue 21 item 1: every route of the table carries its shapes, and the web reaches routes only
// through the one client derived from the table (web/src/lib/api.ts).

const WEB = join(__dirname, '..', '..', '..', 'web', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
const webFiles = files(WEB).map((path) => ({ path: path.slice(WEB.length + 1), text: readFileSync(path, 'utf8') }));
const keys = routes.map(routeKey);

describe('the route table', () => {
  it('gives every route a response schema, and names no route it does not have', () => {
    const table = endpoints as Record<string, { body?: unknown; query?: unknown; response?: unknown }>;
    for (const key of keys) {
      expect({ key, response: table[key]?.response instanceof z.ZodType }).toEqual({ key, response: true });
      for (const part of ['body', 'query'] as const) {
        if (table[key][part] !== undefined) expect({ key, part, zod: table[key][part] instanceof z.ZodType }).toEqual({ key, part, zod: true });
      }
    }
    expect(Object.keys(endpoints).sort()).toEqual([...keys].sort());
  });

  it('gives every route that reads a JSON body a body schema (only Stripe\'s webhook and bodiless actions have none)', () => {
    const without = keys.filter((key) => /^(POST|PUT) /.test(key) && !('body' in endpoints[key as keyof typeof endpoints]));
    expect(without.sort()).toEqual([
      // A member asks for copies of the aula's courses: the aula in the path is all it needs (issue 25).
      'POST /aulas/{id}/copias',
      // The LMS course's roster (issue 45 item 5): the aula in the path is all its import needs.
      'POST /aulas/{id}/lms/miembros',
      // Sharing (issue 25): the course or the link in the path is all publishing and copying need.
      'POST /compartidos/{shareId}/copy',
      // Issue 32 item 4: the learner's last attempt (read on the server) is all a Refuerzo guiado needs.
      'POST /courses/{id}/modules/{moduleId}/refuerzo',
      'POST /courses/{id}/retry',
      'POST /courses/{id}/share',
      // LTI 1.3 (issue 45): the platform's browser posts a form, which the lti room reads itself (lambdas/lti/form.ts).
      'POST /lti/launch',
      'POST /lti/login',
      // Deep Linking's picker posts a form too (the SPA's CSP lets forms go to Mentora only): lambdas/lti/picker-form.ts reads it.
      'POST /lti/seleccion',
      'POST /payments/methods',
      'POST /payments/portal',
      'POST /payments/webhook',
      'POST /social/connections/{userId}/accept',
      'POST /social/connections/{userId}/decline',
      'PUT /payments/methods/{id}/default',
    ]);
  });

  it('parses the streamed tutor route with the same schema the table holds', () => {
    expect(endpoints['POST /ai-tutor/chat'].body).toBe(tutorChatRequest);
  });
});

describe('the web client', () => {
  const used = new Set(webFiles.flatMap(({ text }) => [...text.matchAll(/\b(?:call|request|urlOf)\('([A-Z]+ [^']+)'/g)].map((m) => m[1])));

  it('calls only routes of the table, by key', () => {
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('writes no API path by hand outside the client', () => {
    const prefixes = [...new Set(routes.map((r) => r.path.split('/')[1]))];
    const literal = new RegExp(`['\`]/(${prefixes.join('|')})(/|['\`?])`);
    // Screen routes (react-router paths and links) share some first segments with the API: they are
    // navigations, not calls. The client itself (lib/api-client.ts) renews the session by path.
    const offenders = webFiles
      .filter(({ path }) => path !== join('lib', 'api-client.ts'))
      .flatMap(({ path, text }) =>
        text.split('\n').filter((line) => literal.test(line) && !/navigate\(|to=|href|path:|Navigate|Link|location|certificatePath|ReturnPath\(/.test(line)).map((line) => `${path}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('reads the public flag from the table, not a list of its own', () => {
    const client = webFiles.find(({ path }) => path === join('lib', 'api-client.ts'))!.text;
    expect(client).not.toMatch(/NO_REFRESH|forgot-password|loginsocial/);
    expect(client).toMatch(/access === 'public'/);
  });
});
