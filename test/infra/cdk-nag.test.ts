import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { FULL_CONTEXT, nagFindings, synthMentora } from './synth-mentora';

/** Every `Validations.of(x).acknowledge()` in the app, as [construct path, rule id, reason]. */
function acknowledgements(root: IConstruct): [string, string, string][] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, unknown>))
      .map(([id, reason]): [string, string, string] => [c.node.path, id, typeof reason === 'string' ? reason : JSON.stringify(reason)]),
  );
}

describe.each([
  ['with every context value', FULL_CONTEXT],
  ['with no context', {}],
])('cdk-nag AwsSolutions %s', (_name, context) => {
  let synth: ReturnType<typeof synthMentora>;
  beforeAll(() => {
    // synthMentora registers the AwsSolutions plugin as bin/app.ts does: an error would throw here.
    synth = synthMentora(context);
  });

  it('reports no unacknowledged error', () => {
    expect(nagFindings(synth.app).errors).toEqual([]);
  });

  it('reports no unacknowledged warning either', () => {
    expect(nagFindings(synth.app).warnings).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    const acks = acknowledgements(synth.app).filter(([, id]) => id.includes('AwsSolutions-'));
    expect(acks.length).toBeGreaterThan(0);
    for (const [path, id, reason] of acks) {
      expect([path, id, reason.length >= 40]).toEqual([path, id, true]);
    }
  });
});
