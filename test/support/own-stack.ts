import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { bookingsOf, createSession } from './sessions';
import { isPortOpen } from '../../local/processes';
import { portsFor } from '../../local/environment';
import type { LocalEnvironment } from '../../local/environment';
import type { SentEmail } from './stack';

/** Helpers for a test that runs its own stack on its own port (not the shared test stack). */
export function ownStack(port: number) {
  const ports = portsFor(port);
  const siteUrl = `http://127.0.0.1:${ports.site}`;
  const mailUrl = `http://127.0.0.1:${ports.ses}`;
  const table = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'eu-west-2',
      endpoint: `http://127.0.0.1:${ports.dynamodb}`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const tableName = 'breathwork';

  return {
    ports,
    siteUrl,
    mailUrl,
    createSession: (title: string, fields: Parameters<typeof createSession>[0] = {}) =>
      createSession({ title, ...fields }, table),
    /** A guest booking through the site's API, from its own viewer address. */
    book(environment: LocalEnvironment, sessionId: string, email: string, viewerAddress = '203.0.113.7:4431') {
      return fetch(`${siteUrl}/api/sessions/${sessionId}/bookings`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-origin-verify': environment.ORIGIN_VERIFY_SECRET,
          'cloudfront-viewer-address': viewerAddress,
        },
        body: JSON.stringify({ firstName: 'Burst', lastName: 'Guest', email }),
      });
    },
    bookings: (sessionId: string) => bookingsOf(sessionId, table),
    async seatsTaken(sessionId: string): Promise<number> {
      const { Items = [] } = await table.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `SESSION#${sessionId}` },
        }),
      );
      return Number(Items.find((i) => i.type === 'Session')?.seatsTaken ?? NaN);
    },
    /** Idempotency records of a consumer still in progress: invocations that had not finished. */
    async inProgress(consumer: string): Promise<number> {
      const { Items = [] } = await table.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'begins_with(pk, :idempotency) AND contains(sk, :consumer) AND #status = :inProgress',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':idempotency': 'idempotency#', ':consumer': consumer, ':inProgress': 'INPROGRESS' },
        }),
      );
      return Items.length;
    },
    async emails(): Promise<SentEmail[]> {
      const response = await fetch(`${mailUrl}/store`);
      return ((await response.json()) as { emails: SentEmail[] }).emails;
    },
    async waitUntilPortsFree(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const open = await Promise.all(Object.values(ports).map((p) => isPortOpen(p)));
        if (!open.some(Boolean)) return;
        if (Date.now() > deadline) throw new Error('ports still in use');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}
