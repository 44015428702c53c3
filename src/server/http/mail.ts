import type { AppContext } from '../context';
import { authOf, sessionOwner } from './guard';
import type { Handlers } from './operations';

export function mailHandlers(ctx: AppContext): Handlers {
  return {
    async listOutbox(req) {
      const { limit = 25, skip = 0, to } = req.query;
      const reader = sessionOwner(authOf(req));
      // Reset links to another admin's account are for super admins only: a plain admin
      // must not be able to take over a stronger account through the mailbox.
      const where = `WHERE ($1::text IS NULL OR lower(m.to_address) = lower($1))
        AND ($2::boolean OR lower(m.to_address) = lower($3) OR NOT EXISTS (
          SELECT 1 FROM users u WHERE lower(u.email) = lower(m.to_address) AND u.role = 'admin'))`;
      const filter = [to ?? null, reader.is_super_admin, reader.email];
      const [page, count] = await Promise.all([
        ctx.db.query<{ id: number; to_address: string; subject: string; text_body: string; status: 'queued' | 'sent' | 'kept'; created_at: Date; sent_at: Date | null }>(
          `SELECT id, to_address, subject, text_body, status, created_at, sent_at FROM mail_outbox m ${where}
            ORDER BY id DESC LIMIT $4 OFFSET $5`,
          [...filter, limit, skip],
        ),
        ctx.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM mail_outbox m ${where}`, filter),
      ]);
      return {
        results: page.rows.map((m) => ({
          id: m.id,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          status: m.status,
          createdAt: new Date(m.created_at).toISOString(),
          sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
        })),
        meta: { count: count.rows[0].count },
      };
    },
  };
}
