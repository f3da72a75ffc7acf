import { runtimeConfig } from '../../../lambdas/contract/runtime-config';
import { SHOWCASE, showcaseFor } from '../../../infra/local/showcase';

// `/config.json` of the whole local stack, as the SPA reads it at start: it parses with the contract's schema,
// and in demonstration mode (the offline writer, what `npm start` and the tests run) it names the featured
// topics, each one the offline writer answers with its featured course (issue 42: only the README named them).

it('is the contract, and in demonstration mode names each featured topic at its level', async () => {
  const res = await fetch(`${process.env.MENTORA_URL}/config.json`);
  expect(res.status).toBe(200);
  const config = runtimeConfig.parse(await res.json());
  expect(config.stage).toBe('local');
  const featured = config.demostracion?.destacados ?? [];
  expect(featured.map((t) => t.titulo).sort()).toEqual(SHOWCASE.map((c) => c.titulo).sort());
  for (const t of featured) expect(showcaseFor(t.tema)).toMatchObject({ titulo: t.titulo, nivel: t.nivel });
});
