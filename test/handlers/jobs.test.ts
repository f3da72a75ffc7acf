import { describeRoutes } from '../support/route-cases';
import { cases } from './jobs.cases';

describeRoutes(cases);
