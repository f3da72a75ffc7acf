import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { MaterialsBucket } from '../../infra/aws/materials-bucket';
import { NARRATION_KEEP_DAYS } from '../../lambdas/narration';

// Narrated lessons (issue 26) share the private materials bucket under narration/, where a lifecycle
// rule expires them after as many days as their job lives (its TTL): no audio outlives its job.
// The construct alone (the whole app's synth is not needed to read one bucket's rules).

it('expires narration/ after the narration job lifetime, and only that prefix by that rule', () => {
  const stack = new Stack(new App(), 'Narration');
  const table = new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
  new MaterialsBucket(stack, 'Materials', { table, siteOrigin: 'https://mentora.example', production: true, bundle: false });
  const rules = Object.values(Template.fromStack(stack).findResources('AWS::S3::Bucket'))
    .flatMap((b) => ((b.Properties as { LifecycleConfiguration?: { Rules: Record<string, unknown>[] } }).LifecycleConfiguration?.Rules ?? []))
    .filter((r) => r.Id === 'narration-audio-expires');
  expect(rules).toEqual([{ Id: 'narration-audio-expires', Prefix: 'narration/', ExpirationInDays: NARRATION_KEEP_DAYS, Status: 'Enabled' }]);
});
