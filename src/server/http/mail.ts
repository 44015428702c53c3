import { mailScope } from '../../domain/access-policy';
import type { AppContext } from '../context';
import { listMail } from '../services/outbox';
import { asActor } from '../services/users';
import { authOf, sessionOwner } from './guard';
import type { Handlers } from './operations';

export function mailHandlers(ctx: AppContext): Handlers {
  return {
    async listOutbox(req) {
      const { limit = 25, skip = 0, to } = req.query;
      const reader = sessionOwner(authOf(req));
      const page = await listMail(ctx.db, mailScope({ ...asActor(reader), email: reader.email }), { to: to ?? null, limit, skip });
      return {
        results: page.rows.map((m) => ({
          id: m.id,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          status: m.status,
          createdAt: new Date(m.created_at).toISOString(),
          sentAt: m.sent_at ? new Date(m.sent_at).toISOString() : null,
          attachment: m.attachment_name ? { name: m.attachment_name, bytes: m.attachment_size ?? 0 } : null,
        })),
        meta: { count: page.count },
      };
    },
  };
}
