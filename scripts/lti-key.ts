// Prints a new value for the LTI keys secret: `{"keys":[<private RSA JWK with a kid>]}` (docs/lti.md "Keys").
// With `--add <file>`, the new key follows the keys already in that file (the secret's current value): published
// at once, signing only once an operator moves it first (a rotation, docs/lti.md "Keys").
import { readFileSync } from 'node:fs';
import { newLtiKey } from '../infra/local/lti-keys';

const at = process.argv.indexOf('--add');
const current = at > 0 ? (JSON.parse(readFileSync(process.argv[at + 1], 'utf8')) as { keys: unknown[] }).keys : [];
process.stdout.write(`${JSON.stringify({ keys: [...current, newLtiKey()] })}\n`);
