import { describeRoutes } from '../support/route-cases';
import { cases } from './certificates.cases';

describeRoutes(cases);
