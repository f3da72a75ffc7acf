import { DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeIf } from '../shared/table-writes';
import { accountKeyOf, IDENTITY_POINTER_PREFIX } from './lti-items';

// Account deletion (lambdas/users/account-deletion.ts, docs/lti.md "Data model"): each LMS identity that signs in
// to the account has its item outside the account's partition (LTIACCOUNT#<hash>), found from the pointer its
// first launch or its link wrote in the partition. The item goes only while it still names this account; the
// pointers go with the partition, after this, so a deletion that stops halfway finds them again.

export async function forgetLtiIdentities(db: DynamoDBDocumentClient, TableName: string, userId: string, items: { sk: string }[]): Promise<void> {
  for (const { sk } of items.filter((i) => i.sk.startsWith(IDENTITY_POINTER_PREFIX))) {
    const Key = accountKeyOf(sk.slice(IDENTITY_POINTER_PREFIX.length));
    await writeIf(db.send(new DeleteCommand({ TableName, Key, ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId } })));
  }
}
