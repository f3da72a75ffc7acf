// The capacity model on paper (issue 23): `npm run bench capacity-model` writes its tables into
// docs/capacity.md between the capacity-model markers, computed from the code's own constants
// (infra/capacity.ts). test/unit/capacity/capacity-doc.test.ts fails when the doc and the model differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capacityTables, withTables } from '../../infra/capacity-report';

const DOC = join(__dirname, '..', '..', 'docs', 'capacity.md');
const before = readFileSync(DOC, 'utf8');
const after = withTables(before);
if (after !== before) writeFileSync(DOC, after);
console.log(capacityTables());
console.log(after === before ? '\ndocs/capacity.md was already up to date.' : '\ndocs/capacity.md updated.');
