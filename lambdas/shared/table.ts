// The physical design of Mentora's single DynamoDB table, shared by the CDK stack, the local
// stack and the stores. docs/data-model.md lists every access pattern and the key serving it.
// Ownership is part of the key: a learner's items all live under `USER#<sub>`.

export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic overloaded indexes; each access pattern documents what it stores in them. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Epoch seconds after which DynamoDB may delete an item (caches, daily counters). */
  ttlAttribute: 'expiresAt',
} as const;

export const userPk = (userId: string) => `USER#${userId}`;
