import type { CfnTemplate } from './synth-mentora';
import { resourcesOfType } from './synth-mentora';

// Reads a synthesized template's IAM as text a test can pin exactly: every role with the name of
// what assumes it, and each of its grants as "action on resource".

/** A logical id without the 8-hex hash CDK appends (`DataTableFDBAD0F2` → `DataTable`). */
export const stableId = (logicalId: string) => logicalId.replace(/[0-9A-F]{8}$/, '');

/**
 * A CloudFormation value as an ARN-like string: `${DataTable.Arn}/index/gsi1`,
 * `arn:${AWS::Partition}:bedrock:*::foundation-model/m`. Throws on anything it cannot read, so a
 * new kind of reference is looked at rather than ignored.
 */
export function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as Record<string, any>;
  if (typeof v?.Ref === 'string') return `\${${stableId(v.Ref)}}`;
  if (Array.isArray(v?.['Fn::GetAtt'])) return `\${${stableId(v['Fn::GetAtt'][0])}.${v['Fn::GetAtt'][1]}}`;
  if (Array.isArray(v?.['Fn::Join'])) return (v['Fn::Join'][1] as unknown[]).map(render).join(v['Fn::Join'][0]);
  if (typeof v?.['Fn::Sub'] === 'string') return v['Fn::Sub'];
  // A piece of a value (with a concrete region CDK picks the user pool id out of its issuer URL).
  if (Array.isArray(v?.['Fn::Select']) && Array.isArray(v['Fn::Select'][1]?.['Fn::Split'])) {
    const [index, { 'Fn::Split': [separator, whole] }] = v['Fn::Select'] as [number, { 'Fn::Split': [string, unknown] }];
    // A piece of a token (a state machine's name out of its ARN) stays named for what it is.
    return render(whole).split(separator)[index] ?? `select(${index}, '${separator}', ${render(whole)})`;
  }
  throw new Error(`cannot read ${JSON.stringify(value)} as a resource`);
}

export interface RoleGrants {
  /** The Lambda function (stable id) whose execution role this is, else the role's own stable id. */
  owner: string;
  managedPolicies: string[];
  /** Sorted "Effect action resource" triples, one per action and resource of every statement. */
  grants: string[];
  /** Statements with anything but Effect, Action and Resource (conditions, NotAction, principals…). */
  unusual: unknown[];
}

/** Every IAM role of the template with everything it may do, from its policies and inline policies. */
export function roleGrants(json: CfnTemplate): RoleGrants[] {
  const functionOfRole = new Map(
    resourcesOfType(json, 'AWS::Lambda::Function').map(([id, fn]) => [fn.Properties.Role['Fn::GetAtt'][0] as string, stableId(id)]),
  );
  const policies = resourcesOfType(json, 'AWS::IAM::Policy');
  return resourcesOfType(json, 'AWS::IAM::Role').map(([roleId, role]) => {
    const statements = [
      ...policies.filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId)).flatMap(([, p]) => p.Properties.PolicyDocument.Statement),
      ...(role.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement),
    ];
    return {
      owner: functionOfRole.get(roleId) ?? stableId(roleId),
      managedPolicies: (role.Properties.ManagedPolicyArns ?? []).map(render).sort(),
      grants: statements
        .flatMap((s: any) => [s.Action].flat().flatMap((a: string) => [s.Resource].flat().map((r: unknown) => `${s.Effect} ${a} ${render(r)}`)))
        .sort(),
      unusual: statements.filter((s: any) => Object.keys(s).some((k) => !['Effect', 'Action', 'Resource'].includes(k))),
    };
  });
}

/** Expands a test's `{ resource: [actions] }` table into the sorted "Allow action resource" triples. */
export const allow = (...tables: Record<string, string[]>[]) =>
  tables.flatMap((t) => Object.entries(t).flatMap(([resource, actions]) => actions.map((a) => `Allow ${a} ${resource}`))).sort();
