import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { synthMentora, type CfnTemplate } from './synth-mentora';

// One synth per context for the whole infra run. A synth of the app is a few seconds warm, but the
// first one in a jest file (its own module registry) costs 20-60 s of CPU: aws-cdk-lib's lazy
// modules, the constructs, cdk-nag's aspect. Most infra files only read the template, and fifteen
// of them synthesized the same three contexts again. The infra project's globalSetup makes a fresh
// directory for the run (synth-cache-setup.ts); the first file that needs a context writes its
// templates there, and every other file reads them. Outside that run (no directory), it synthesizes.

export interface CachedSynth {
  json: CfnTemplate;
  template: Template;
  wafTemplate: Template;
  /** The nested stack of alarms, dashboard and budget. */
  monitoring: CfnTemplate;
}

const fileFor = (dir: string, context: Record<string, string>) =>
  join(dir, `${createHash('sha256').update(JSON.stringify(Object.entries(context).sort())).digest('hex').slice(0, 16)}.json`);

/** The templates (main stack, WAF stack and the main stack's nested monitoring stack) of the app synthesized with `context`, as `synthMentora` makes them. */
export function templatesOf(context: Record<string, string>): CachedSynth {
  const dir = process.env.MENTORA_SYNTH_CACHE;
  const file = dir && fileFor(dir, context);
  let pair: { main: CfnTemplate; waf: Record<string, unknown>; monitoring: CfnTemplate } | undefined;
  if (file && existsSync(file)) pair = JSON.parse(readFileSync(file, 'utf8'));
  if (!pair) {
    const synth = synthMentora(context);
    pair = { main: synth.json, waf: synth.wafTemplate.toJSON(), monitoring: synth.monitoringTemplate.toJSON() as CfnTemplate };
    if (file) {
      // Written whole then renamed: a file beside it reads either nothing or the complete templates.
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, JSON.stringify(pair));
      renameSync(partial, file);
    }
  }
  return { json: pair.main, template: Template.fromJSON(pair.main), wafTemplate: Template.fromJSON(pair.waf), monitoring: pair.monitoring };
}
