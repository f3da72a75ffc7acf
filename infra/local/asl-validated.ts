import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';

// aws-local-stepfunctions validates a definition with asl-validator on every construction, and the
// validator compiles the whole ASL JSON schema with ajv each time: about 1.5 s of CPU per stack start
// (profiled), twenty stacks and every pipeline harness a test run. A definition is the same text run
// after run, so it is validated once per machine: its SHA-256 is marked in the temporary folder after
// it passed, and a marked definition is constructed without validating again. A changed definition
// has another hash and is validated (and refused when invalid) as before.

const MARKS = join(tmpdir(), `mentora-asl-valid-${process.getuid?.() ?? 'user'}`);

export function validatedStateMachine(definition: StateMachineDefinition): StateMachine {
  const mark = join(MARKS, createHash('sha256').update(JSON.stringify(definition)).digest('hex'));
  if (existsSync(mark)) return new StateMachine(definition, { validationOptions: { noValidate: true } });
  const machine = new StateMachine(definition);
  mkdirSync(MARKS, { recursive: true });
  writeFileSync(mark, '');
  return machine;
}
