import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { dynamo } from './aws';
import { HttpError } from './errors';
import { count } from './metrics';

const MAX_ATTEMPTS = 8;

/** The items of a named transaction: one Put, Update, Delete or ConditionCheck each. */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** Which named items a refused transaction failed on, with their current values where asked for. */
export type Refusal<Name extends string> = { refused: (name: Name) => Record<string, AttributeValue> | undefined };

/**
 * Runs a transaction of named items. Resolves with nothing when it is written, or with a
 * Refusal naming the items whose condition failed. A conflict with a concurrent transaction
 * on the same items is retried with jittered backoff, so a rush on the last seats neither
 * oversells nor turns people away while seats remain.
 */
export async function transactNamed<Name extends string>(
  items: Partial<Record<Name, TransactItem | false | undefined>>,
): Promise<Refusal<Name> | undefined> {
  const entries = Object.entries(items).filter((entry): entry is [Name, TransactItem] => Boolean(entry[1]));
  const names = entries.map(([name]) => name);
  const transaction = new TransactWriteCommand({ TransactItems: entries.map(([, item]) => item) });
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo.send(transaction);
      return undefined;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      if (reasons.some((reason) => reason.Code === 'ConditionalCheckFailed')) {
        return {
          refused: (name) => {
            const reason = reasons[names.indexOf(name)];
            return reason?.Code === 'ConditionalCheckFailed' ? (reason.Item ?? {}) : undefined;
          },
        };
      }
      if (!reasons.some((reason) => reason.Code === 'TransactionConflict') || attempt >= MAX_ATTEMPTS) {
        throw new HttpError(503, 'The site is busy right now. Please try again in a moment.');
      }
      count('conflict');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}
