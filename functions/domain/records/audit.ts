import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../lib/aws';
import type { Caller } from '../../lib/auth';
import { tableName, withoutKeys } from '../../lib/table';
import type { AuditEntry, AuditSubject } from '../../schemas/audit';
import { auditKey, auditPartition } from './keys';

// Who changed what and when, for every admin change a person may ask about later: one log item
// per change, written in the change's own transaction (pretix's `log_action`: an action name, the
// object it touched, who did it, and the data of the change).

/** The log item of one admin change, as one item of the change's transaction. */
export function auditEntry(
  subject: AuditSubject,
  action: string,
  actor: Pick<Caller, 'userId' | 'email'>,
  now: Date,
  data?: Record<string, unknown>,
) {
  const entry: AuditEntry = {
    id: ulid(now.getTime()),
    subject,
    action,
    actor: { userId: actor.userId, email: actor.email },
    at: now.toISOString(),
    ...(data && { data }),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...auditKey(subject, entry.at, entry.id), type: 'AuditEntry', ...entry },
    },
  };
}

/** An audit entry as one item of a transaction. */
export type AuditItem = ReturnType<typeof auditEntry>;

/** A subject's history, newest first (at most `limit` entries). */
export async function auditHistory(subject: AuditSubject, limit = 50): Promise<AuditEntry[]> {
  const result = await dynamo.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :subject',
      ExpressionAttributeValues: { ':subject': auditPartition(subject) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (result.Items ?? []).map((item) => withoutKeys<AuditEntry>(item));
}
