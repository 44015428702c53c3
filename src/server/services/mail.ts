import nodemailer from 'nodemailer';
import type { Clock } from '../../domain/clock';
import type { Db, Queryable } from '../db/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Queue a mail in the same transaction as the change that causes it. With SMTP set it is
 * 'queued' for the sender; without, it is 'kept' for the admin mailbox at once.
 */
export async function enqueueMail(q: Queryable, m: MailMessage, now: Date, smtp: boolean): Promise<void> {
  await q.query(
    `INSERT INTO mail_outbox (to_address, subject, text_body, status, created_at) VALUES ($1, $2, $3, $4, $5)`,
    [m.to, m.subject, m.text, smtp ? 'queued' : 'kept', now],
  );
}

/**
 * Sends queued mail through nodemailer. Several server instances can run it: each claims
 * rows with FOR UPDATE SKIP LOCKED, so a mail goes out once.
 */
export function createMailSender(opts: { db: Db; clock: Clock; smtpUrl: string; from: string }) {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  async function sendBatch(limit = 10): Promise<number> {
    return opts.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; to_address: string; subject: string; text_body: string }>(
        `SELECT id, to_address, subject, text_body FROM mail_outbox
          WHERE status = 'queued' AND attempts < 5 ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [limit],
      );
      for (const m of rows) {
        try {
          await transport.sendMail({ from: opts.from, to: m.to_address, subject: m.subject, text: m.text_body });
          await tx.query(`UPDATE mail_outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1 WHERE id = $1`, [m.id, opts.clock.now()]);
        } catch (e) {
          await tx.query(`UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [m.id, String(e)]);
        }
      }
      return rows.length;
    });
  }
  return { sendBatch, close: () => transport.close() };
}
