import type { MailScope } from '../../domain/access-policy';
import type { Queryable } from '../db/db';

export interface MailRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'kept';
  created_at: Date;
  sent_at: Date | null;
  attachment_name: string | null;
  attachment_size: number | null;
}

/** The scope of the access policy as SQL over mail_outbox m ($1 and $2 are its parameters). */
const SCOPE_SQL = `($1::text = 'all' OR ($1::text = 'non-admin-recipients' AND (
  lower(m.to_address) = lower($2::text)
  OR NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(m.to_address) AND u.role = 'admin'))))`;

/** A page of the outbox, newest first, as far as the reader's scope reaches. */
export async function listMail(
  q: Queryable,
  scope: MailScope,
  page: { to: string | null; limit: number; skip: number },
): Promise<{ rows: MailRow[]; count: number }> {
  const where = `WHERE ${SCOPE_SQL} AND ($3::text IS NULL OR lower(m.to_address) = lower($3::text))`;
  const filter = [scope.kind, scope.kind === 'non-admin-recipients' ? scope.alsoTo : null, page.to];
  const [rows, count] = await Promise.all([
    q.query<MailRow>(
      `SELECT id, to_address, subject, text_body, status, created_at, sent_at, attachment_name,
              octet_length(attachment_body) AS attachment_size FROM mail_outbox m ${where}
        ORDER BY id DESC LIMIT $4 OFFSET $5`,
      [...filter, page.limit, page.skip],
    ),
    q.query<{ count: number }>(`SELECT count(*)::int AS count FROM mail_outbox m ${where}`, filter),
  ]);
  return { rows: rows.rows, count: count.rows[0].count };
}
