// The CDK app: `npm run synth` / `npm run deploy`. Deployment choices come from CDK context
// (cdk.json or `-c key=value`), documented in docs/deploy.md.
import { createMentoraApp } from '../infra/aws/mentora-app';

createMentoraApp().app.synth();
