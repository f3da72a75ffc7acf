import { describeRoutes } from '../support/route-cases';
import { cases } from './diplomado.cases';

// The diplomado Lambda in process: planned by the local model, its courses by the local pipeline.
describeRoutes(cases);
