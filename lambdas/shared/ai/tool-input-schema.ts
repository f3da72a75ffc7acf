import * as z from 'zod';

// A prompt's tool input schema as JSON Schema (draft 7, what Bedrock's toolSpec takes), made once per zod
// schema: zod's toJSONSchema walks the whole schema at every call, and a course makes about a hundred
// calls over a dozen schemas (issue 42: CPU per course, on the local stack and in a warm Lambda alike).
// The object is shared between calls: it is sent as it is, never changed.
const made = new WeakMap<z.ZodType, Record<string, unknown>>();

export function toolInputSchema(schema: z.ZodType): Record<string, unknown> {
  let json = made.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' });
    delete json.$schema;
    made.set(schema, json);
  }
  return json;
}
