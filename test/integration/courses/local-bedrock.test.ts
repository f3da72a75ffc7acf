import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { startLocalBedrock, type LocalBedrock } from '../../../infra/local/bedrock';
import * as z from 'zod';
import { prompts, renderPrompt } from '../../../lambdas/shared/ai/prompts';
import { spanishLesson } from '../../support/lesson-fixture';
import { bedrockStructuredModel } from '../../../lambdas/shared/ai/structured-output';
import { buildQuestionBank } from '../../../lambdas/evaluations/question-bank';
import { offlineToolInput } from '../../../infra/local/offline-writer';
import { verifyQuestions } from '../../../lambdas/shared/ai/verifier';
import type { GeneratedQuestion } from '../../../lambdas/shared/ai/schemas';
import { ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { LESSONS } from '../../unit/evaluations/fixtures';
import { fotografia } from '../../../infra/local/showcase/fotografia';
import { lessonMarkdown } from '../../../lambdas/shared/ai/lesson-markdown';

// The local Bedrock endpoint through the real SDK (HTTP/2): offline writer by default, an
// OpenAI-compatible server (Ollama, vLLM…) when MENTORA_LLM_URL is set.

const client = (url: string) =>
  new BedrockRuntimeClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
const ids = { fast: 'rapido', strong: 'potente' };

describe('the local Bedrock endpoint', () => {
  let offline: LocalBedrock;
  beforeAll(async () => (offline = await startLocalBedrock({ env: {} })));
  afterAll(() => offline.close());

  it('answers Converse with a forced tool with demonstration content', async () => {
    const result = await bedrockStructuredModel(client(offline.url), ids)(prompts.outline, { topic: 'Cocina', level: 'principiante', modulos: 3, leccionesPorModulo: 2 });
    expect(result).toMatchObject({ demo: true, modelId: 'rapido', promptVersion: 'esquema-v5' });
    expect(result.value.modulos).toHaveLength(3);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('counts input tokens as Bedrock does: the system prompt and the tool schema besides the messages', async () => {
    const spec = prompts.outline;
    const data = { topic: 'Cocina', level: 'principiante', modulos: 3, leccionesPorModulo: 2 };
    const result = await bedrockStructuredModel(client(offline.url), ids)(spec, data);
    const messageOnly = Math.ceil(JSON.stringify([{ role: 'user', content: [{ text: renderPrompt(spec, data) }] }]).length / 4);
    const systemAndSchema = Math.ceil((spec.system.length + JSON.stringify(z.toJSONSchema(spec.schema)).length) / 4);
    expect(result.usage.inputTokens).toBeGreaterThanOrEqual(messageOnly + systemAndSchema * 0.9);
  });

  // Issue 33: the blind verifier (gpt-oss, no tool) answers in its text lines, read by the real parse.
  const bankInput = {
    curso: { topic: 'Fotografía', level: 'principiante', titulo: 'Fotografía' },
    modulo: { titulo: 'Luz y composición', descripcion: 'La luz y el encuadre' },
    lecciones: [{ lessonId: 'l01', titulo: 'La exposición', contenido: LESSONS.l01 }, { lessonId: 'l02', titulo: 'La composición', contenido: LESSONS.l02 }],
  };
  const routes = { fast: 'us.amazon.nova-lite-v1:0', strong: 'us.amazon.nova-lite-v1:0', verifier: 'openai.gpt-oss-120b-1:0' };

  it('answers the blind verifier in its text format: a right key kept, a wrong key refused', async () => {
    const { preguntas } = offlineToolInput('registrar_evaluacion', { ...bankInput, preguntas: 4 }) as { preguntas: GeneratedQuestion[] };
    const wrong = preguntas.map((q) => ({ ...q, correcta: q.correcta === 'A' ? ('B' as const) : ('A' as const) }));
    const model = bedrockStructuredModel(client(offline.url), routes);
    const right = await verifyQuestions(model, preguntas);
    expect(right.problems).toEqual(preguntas.map(() => []));
    expect(right.result).toMatchObject({ modelId: 'openai.gpt-oss-120b-1:0', promptVersion: 'verificador-v3-texto', demo: true });
    expect((await verifyQuestions(model, wrong)).problems.every((p) => p.some((x) => /sin ver la clave/.test(x)))).toBe(true);
  });

  it('reads a module\'s lessons from the prompt cache from its second question batch on, billed as cached', async () => {
    // A featured course's module at its real length: its prefix passes Nova's 1,000-token minimum (the short fixture does not).
    const [m1] = fotografia.modulos;
    const curso = { topic: 'Fotografía digital', level: 'principiante', titulo: fotografia.titulo };
    const lecciones = m1.lecciones.map((l, i) => ({ lessonId: `l0${i + 1}`, titulo: l.titulo, contenido: lessonMarkdown(l.leccion) }));
    const module = { curso, modulo: { titulo: m1.titulo, descripcion: m1.descripcion }, lecciones };
    const model = bedrockStructuredModel(client(offline.url), routes);
    const first = await model(prompts.evaluation, { ...module, preguntas: 8, lote: 1, lotes: 2 });
    const second = await model(prompts.evaluation, { ...module, preguntas: 8, lote: 2, lotes: 2 });
    expect(first.usage.cacheWriteInputTokens).toBeGreaterThan(1000);
    expect(first.usage.cacheReadInputTokens).toBeUndefined();
    expect(second.usage.cacheReadInputTokens).toBe(first.usage.cacheWriteInputTokens);
    // A whole bank through it: every question batch after the first reads; nothing refused for the cache's sake.
    const { calls } = await buildQuestionBank(model, module);
    expect(calls.filter((c) => c.purpose === 'evaluation' && (c.result.usage as { cacheReadInputTokens?: number }).cacheReadInputTokens).length).toBeGreaterThan(0);
  });

  it('refuses a cache point sent to a model without prompt caching, as Bedrock validates it', async () => {
    const send = client(offline.url).send(new ConverseCommand({ modelId: 'openai.gpt-oss-120b-1:0', messages: [{ role: 'user', content: [{ text: 'x'.repeat(8000) }, { cachePoint: { type: 'default' } }, { text: 'Hola' }] }] }));
    await expect(send).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it('streams ConverseStream as event-stream frames', async () => {
    const out = await client(offline.url).send(new ConverseStreamCommand({ modelId: 'x', messages: [{ role: 'user', content: [{ text: '¿Qué es una variable?' }] }] }));
    let text = '';
    let stop = '';
    for await (const event of out.stream!) {
      text += event.contentBlockDelta?.delta?.text ?? '';
      stop ||= event.messageStop?.stopReason ?? '';
    }
    expect(text).toMatch(/Modo demostración/);
    expect(stop).toBe('end_turn');
  });

  // Issue 42: a forced tool's input streams as Bedrock streams it, and AWS's own client parses it.
  it('streams a forced tool call as Bedrock does: the tool in contentBlockStart, its input as partial JSON deltas, then stop and usage', async () => {
    const spec = prompts.outline;
    const data = { topic: 'Cocina', level: 'principiante', modulos: 3, leccionesPorModulo: 2 };
    const inputSchema = z.toJSONSchema(spec.schema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
    delete inputSchema.$schema;
    const out = await client(offline.url).send(new ConverseStreamCommand({
      modelId: 'us.amazon.nova-lite-v1:0',
      messages: [{ role: 'user', content: [{ text: renderPrompt(spec, data) }] }],
      toolConfig: { tools: [{ toolSpec: { name: spec.tool, inputSchema: { json: inputSchema as never } } }], toolChoice: { tool: { name: spec.tool } } },
    }));
    const kinds: string[] = [];
    const deltas: string[] = [];
    let start: unknown;
    let stop: unknown;
    let usage: unknown;
    for await (const event of out.stream!) {
      const [kind] = Object.keys(event);
      if (kinds.at(-1) !== kind) kinds.push(kind);
      if (event.contentBlockStart) start = event.contentBlockStart;
      if (event.contentBlockDelta?.delta?.toolUse) deltas.push(event.contentBlockDelta.delta.toolUse.input!);
      if (event.messageStop) stop = event.messageStop;
      if (event.metadata) usage = event.metadata.usage;
    }
    expect(kinds).toEqual(['messageStart', 'contentBlockStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata']);
    expect(start).toEqual({ contentBlockIndex: 0, start: { toolUse: { toolUseId: expect.any(String), name: spec.tool } } });
    // Many small pieces, none of them JSON on its own but the first; together, the writer's outline.
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas.slice(1, -1).filter((d) => { try { JSON.parse(d); return true; } catch { return false; } })).toEqual([]);
    const whole = JSON.parse(deltas.join('')) as { modulos: unknown[] };
    expect(spec.schema.parse(whole).modulos).toHaveLength(3);
    expect(stop).toEqual({ stopReason: 'tool_use', additionalModelResponseFields: { mentoraOfflineWriter: true } });
    expect(usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
  });

  it('answers a streamed structured call as Converse would, the modules arriving while it streams', async () => {
    const pieces: string[] = [];
    const model = bedrockStructuredModel(client(offline.url), ids);
    const result = await model(prompts.outline, { topic: 'Cocina', level: 'principiante', modulos: 3, leccionesPorModulo: 2 }, { onStream: () => (p) => void pieces.push(p) });
    expect(result).toMatchObject({ demo: true, modelId: 'rapido', promptVersion: 'esquema-v5' });
    expect(result.value.modulos).toHaveLength(3);
    expect(JSON.parse(pieces.join(''))).toEqual(result.value);
  });
});

describe('forwarding to an OpenAI-compatible model (MENTORA_LLM_URL)', () => {
  let server: http.Server;
  let bedrock: LocalBedrock;
  const seen: any[] = [];
  let status = 200;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
        if (status !== 200) return res.writeHead(status).end('{"error":"busy"}');
        const args = JSON.stringify({ ...spanishLesson(), introduccion: 'Lección real: texto escrito por un modelo real, que presenta el encuadre.' });
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { tool_calls: [{ id: 'c1', function: { name: 'registrar_leccion', arguments: args } }] } }], usage: { prompt_tokens: 321, completion_tokens: 123 } }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    bedrock = await startLocalBedrock({ env: { MENTORA_LLM_URL: url, MENTORA_LLM_MODEL: 'qwen2.5:7b', MENTORA_LLM_API_KEY: 'clave' } });
  });
  afterAll(async () => {
    await bedrock.close();
    server.close();
  });

  it('sends the forced tool as a function call and returns the model\'s answer as real AI content', async () => {
    const result = await bedrockStructuredModel(client(bedrock.url), ids)(prompts.lesson, { leccion: { titulo: 'Bucles' } });
    expect(result).toMatchObject({ demo: false, usage: { inputTokens: 321, outputTokens: 123 } });
    expect(result.value.introduccion).toMatch(/^Lección real/);
    const sent = seen[0];
    expect(sent).toMatchObject({ url: '/v1/chat/completions', auth: 'Bearer clave' });
    expect(sent.body).toMatchObject({ model: 'qwen2.5:7b', tool_choice: { type: 'function', function: { name: 'registrar_leccion' } } });
    expect(sent.body.tools[0].function.parameters.required).toContain('ejercicio');
    expect(sent.body.messages[0].role).toBe('system');
  });

  it('turns the model server\'s 429 into Bedrock throttling, which the call retries and then names for the pipeline', async () => {
    status = 429;
    const before = seen.length;
    // No waiting budget: the first throttle is final here (model-retry.ts retries it for about a minute).
    await expect(bedrockStructuredModel(client(bedrock.url), ids, { throttleBudgetMs: 0 })(prompts.lesson, {})).rejects.toMatchObject({ name: 'ModelThrottled' });
    expect(seen.length - before).toBe(1);
    status = 200;
  });
});
