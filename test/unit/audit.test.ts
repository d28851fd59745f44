import { beforeAll, describe, expect, it } from 'vitest';
import { auditEntry } from '../../functions/domain/records/audit';

beforeAll(() => {
  process.env.TABLE_NAME = 'audit-test';
});

describe('audit entries', () => {
  it("say who did what to which subject and when, filed under the subject's history in time order", () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const { Put } = auditEntry(
      { kind: 'session', id: 'S1' },
      'session.updated',
      { userId: 'u1', email: 'teacher@example.com' },
      now,
      {
        changed: ['startTime'],
      },
    );
    expect(Put.Item).toMatchObject({
      pk: 'AUDIT#session#S1',
      type: 'AuditEntry',
      subject: { kind: 'session', id: 'S1' },
      action: 'session.updated',
      actor: { userId: 'u1', email: 'teacher@example.com' },
      at: now.toISOString(),
      data: { changed: ['startTime'] },
    });
    expect(Put.Item.sk.startsWith(`${now.toISOString()}#`)).toBe(true);
    expect(Put.TableName).toBe('audit-test');
  });
});
