import { describeRoutes } from '../support/route-cases';
import { cases } from './auth.cases';

// POST /auth/* called in process: the handler talks to the local Cognito and DynamoDB Local.
describeRoutes(cases);
