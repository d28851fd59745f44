import { describe, expect, it } from 'vitest';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws';
import { tableName } from '../../functions/lib/table';
import { bookingFacts } from '../../functions/domain/records/bookings';
import { outboxEvent, OUTBOX_ITEM_TYPE } from '../../functions/outbox/outbox';
import { api, waitForEmails } from '../support/stack';
import { createSession, unannouncedBooking } from '../support/sessions';
import { noStackFolder, operation } from '../support/operations';

const outbox = (...args: string[]) => operation('outbox', args);
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

describe('npm run outbox', () => {
  it("puts a window's outbox events on the bus again, and a consumer that handled one sends nothing twice", async () => {
    const since = new Date(Date.now() - 1_000).toISOString();
    const session = await createSession({ title: 'Republished Breath' });
    const email = 'republished@example.com';
    const { status, body } = await api<{ booking: { id: string } }>(`/sessions/${session.id}/bookings`, {
      method: 'POST',
      body: JSON.stringify({ firstName: 'Rita', lastName: 'Republished', email }),
    });
    expect(status).toBe(201);
    expect(await waitForEmails(email, 1)).toHaveLength(1);

    const output = await outbox('republish', '--since', since, '--type', 'BookingConfirmed');
    expect(output).toMatch(
      new RegExp(`put on the bus  \\S+  \\S+  BookingConfirmed\\s+\\S+  \\{[^\\n]*"bookingId":"${body.booking.id}"`),
    );
    expect(output).toMatch(/(\d+) of \1 outbox event\(s\) put on the bus again/);

    await settle();
    expect(await waitForEmails(email, 2, 500)).toHaveLength(1);
  });

  it('hands its consumers an outbox event the relay never carried, once however often it is re-published', async () => {
    const session = await createSession({ title: 'Stranded Breath' });
    const email = 'stranded@example.com';
    const now = new Date();
    const booking = await unannouncedBooking(session, { firstName: 'Stella', lastName: 'Stranded', email }, now);
    // The relay starts on new outbox items only: written under another type, then turned into an
    // outbox item, this event is in the table as if the relay had given up on it.
    const { Put } = outboxEvent('BookingConfirmed', bookingFacts(booking), now);
    await dynamo.send(new PutCommand({ TableName: tableName(), Item: { ...Put.Item, type: 'Stranded' } }));
    await dynamo.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: Put.Item.pk, sk: Put.Item.sk },
        UpdateExpression: 'SET #type = :outbox',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':outbox': OUTBOX_ITEM_TYPE },
      }),
    );
    await settle();
    expect(await waitForEmails(email, 1, 500)).toHaveLength(0);

    const since = new Date(now.getTime() - 1_000).toISOString();
    const listed = await outbox('list', '--since', since);
    expect(listed).toMatch(new RegExp(`BookingConfirmed\\s+${Put.Item.id}  \\{[^\\n]*"bookingId":"${booking.id}"`));
    const before = await outbox('list', '--since', since, '--until', new Date(now.getTime() - 1).toISOString());
    expect(before).not.toContain(Put.Item.id);

    expect(await outbox('republish', '--since', since)).toContain(Put.Item.id);
    const [confirmation] = await waitForEmails(email, 1);
    expect(confirmation.subject).toBe('Booking confirmed: Stranded Breath');

    await outbox('republish', '--since', since);
    await settle();
    expect(await waitForEmails(email, 2, 500)).toHaveLength(1);
  });

  it('says what it needs when no local stack runs on the data folder', async () => {
    await expect(operation('outbox', ['list', '--since', '2030-01-01T00:00:00Z'], noStackFolder())).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('needs the local stack running'),
    });
  });
});
