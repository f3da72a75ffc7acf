// The one reading of DynamoDB's refusals. A conditional write whose condition is false throws
// ConditionalCheckFailedException; a transaction throws TransactionCanceledException with one
// reason per item, in the request's order. Stores ask these helpers, never the error names.

type Refusal = Error & { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] };

const nameOf = (error: unknown) => (error as Error | undefined)?.name;
const reasonsOf = (error: unknown) => (error as Refusal).CancellationReasons ?? [];

/** A single write's condition was false. */
export const conditionFailed = (error: unknown) => nameOf(error) === 'ConditionalCheckFailedException';

/** A transaction was cancelled by the condition of item `index`. A conflict with another transaction is not. */
export const cancelledBy = (error: unknown, index: number) => nameOf(error) === 'TransactionCanceledException' && reasonsOf(error)[index]?.Code === 'ConditionalCheckFailed';

/** A transaction was cancelled by any of its conditions (the reasons tell which). */
export const cancelledByCondition = (error: unknown) => nameOf(error) === 'TransactionCanceledException' && reasonsOf(error).some((r) => r.Code === 'ConditionalCheckFailed');

/** The item DynamoDB returned for item `index` of a cancelled transaction (ReturnValuesOnConditionCheckFailure). */
export const cancelledItem = (error: unknown, index: number) => reasonsOf(error)[index]?.Item;

/** Another transaction or write held one of the items: worth trying again at once. */
export const conflicted = (error: unknown) =>
  nameOf(error) === 'TransactionConflictException' || (nameOf(error) === 'TransactionCanceledException' && reasonsOf(error).some((r) => r.Code === 'TransactionConflict'));

/** Refused, whatever the reason: a single write's condition or any cancelled transaction. */
export const refused = (error: unknown) => conditionFailed(error) || nameOf(error) === 'TransactionCanceledException';

/**
 * A conditional write: true when written, false when `refusedBy` (by default, its condition)
 * refused it; any other error throws.
 */
export async function writeIf(write: Promise<unknown>, refusedBy: (error: unknown) => boolean = conditionFailed): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (refusedBy(error)) return false;
    throw error;
  }
}

/** A conditional write whose answer is wanted: undefined when refused (as `writeIf`). */
export async function answerIf<T>(write: Promise<T>, refusedBy: (error: unknown) => boolean = conditionFailed): Promise<T | undefined> {
  try {
    return await write;
  } catch (error) {
    if (refusedBy(error)) return undefined;
    throw error;
  }
}
