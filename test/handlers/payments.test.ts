import { describeRoutes } from '../support/route-cases';
import { cases } from './payments.cases';

// The payments Lambda in process: the local Stripe stand-in, Secrets Manager and DynamoDB Local.
describeRoutes(cases);
