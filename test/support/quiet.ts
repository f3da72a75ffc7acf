import { quietAwsSdk } from '../../infra/local/quiet-aws-sdk';

quietAwsSdk();
