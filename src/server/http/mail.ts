import type { AppContext } from '../context';
import type { Handlers } from './operations';

export function mailHandlers(ctx: AppContext): Handlers {
  return {
    async listOutbox(req) {
      const { limit = 25, skip = 0, to } = req.query;
      const filter = to ? 'WHERE lower(to_address) = lower($3)' : 'WHERE $3::text IS NULL';
      const [page, count] = await Promise.all([
        ctx.db.query<{ id: number; to_address: string; subject: string; text_body: string; status: 'queued' | 'sent' | 'kept'; created_at: Date; sent_at: Date | null }>(
          `SELECT id, to_address, subject, text_body, status, created_at, sent_at FROM mail_outbox ${filter}
            ORDER BY id DESC LIMIT $1 OFFSET $2`,
          [limit, skip, to ?? null],
        ),
        ctx.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM mail_outbox ${filter.replace('$3', '$1')}`, [to ?? null]),
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
