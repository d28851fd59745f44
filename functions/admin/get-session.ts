import { httpRoute } from '../lib/http';
import { notFound } from '../lib/errors';
import { IdParams } from '../lib/params';
import { getSession } from '../domain/records/sessions';
import { adminSessionView } from '../domain/flows/admin-sessions';
import { auditHistory } from '../domain/records/audit';
import type { AdminSessionDetail } from '../schemas/admin-session';

/** A session as the admin sees it, with its history of changes. */
export const handler = httpRoute({ params: IdParams }, async ({ params }) => {
  const session = await getSession(params.id);
  if (!session) throw notFound('Session not found');
  const answer: AdminSessionDetail = {
    session: adminSessionView(session),
    history: await auditHistory({ kind: 'session', id: session.id }),
  };
  return { body: answer };
});
