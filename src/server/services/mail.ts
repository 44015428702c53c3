import nodemailer from 'nodemailer';
import type { Clock } from '../../domain/clock';
import type { Db, Queryable } from '../db/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** One file sent with the mail (a lead list's CSV). */
  attachment?: { name: string; body: string };
}

/**
 * Queue a mail in the same transaction as the change that causes it. With SMTP set it is
 * 'queued' for the sender; without, it is 'kept' for the admin mailbox at once.
 */
export async function enqueueMail(q: Queryable, m: MailMessage, now: Date, smtp: boolean): Promise<void> {
  await q.query(
    `INSERT INTO mail_outbox (to_address, subject, text_body, status, created_at, attachment_name, attachment_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [m.to, m.subject, m.text, smtp ? 'queued' : 'kept', now, m.attachment?.name ?? null, m.attachment?.body ?? null],
  );
}

/** What the sender needs of nodemailer; tests hand in their own. */
export interface MailTransport {
  sendMail(m: { from: string; to: string; subject: string; text: string; attachments?: { filename: string; content: string }[] }): Promise<unknown>;
  close(): void;
}

/** Tries per mail before it is marked failed. */
export const MAIL_MAX_ATTEMPTS = 5;
/** A claim older than this is taken to be a sender that died mid-send: the mail is claimed again. */
export const MAIL_CLAIM_TIMEOUT_MS = 10 * 60_000;

/**
 * Sends queued mail. No transaction is held across SMTP: rows are claimed in one short
 * statement (FOR UPDATE SKIP LOCKED, so several instances share the work), marked
 * 'sending' with the claim time; they are sent after that commits, then marked sent, or
 * queued again (failed after the last try). Only the claim's owner marks a row.
 */
export function createMailSender(opts: { db: Db; clock: Clock; smtpUrl: string; from: string; transport?: MailTransport }) {
  const transport: MailTransport = opts.transport ?? nodemailer.createTransport(opts.smtpUrl);
  async function sendBatch(limit = 10): Promise<number> {
    const claimedAt = opts.clock.now();
    const { rows } = await opts.db.query<{
      id: number; to_address: string; subject: string; text_body: string; attempts: number; attachment_name: string | null; attachment_body: string | null;
    }>(
      `UPDATE mail_outbox SET status = 'sending', claimed_at = $1, attempts = attempts + 1
        WHERE id IN (SELECT id FROM mail_outbox
                      WHERE status = 'queued' OR (status = 'sending' AND claimed_at < $2)
                      ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address, subject, text_body, attempts, attachment_name, attachment_body`,
      [claimedAt, new Date(claimedAt.getTime() - MAIL_CLAIM_TIMEOUT_MS), limit],
    );
    for (const m of rows) {
      const ours = [m.id, claimedAt];
      try {
        const attachments = m.attachment_name ? [{ filename: m.attachment_name, content: m.attachment_body ?? '' }] : undefined;
        await transport.sendMail({ from: opts.from, to: m.to_address, subject: m.subject, text: m.text_body, attachments });
        await opts.db.query(
          `UPDATE mail_outbox SET status = 'sent', sent_at = $3 WHERE id = $1 AND status = 'sending' AND claimed_at = $2`,
          [...ours, opts.clock.now()],
        );
      } catch (e) {
        await opts.db.query(
          `UPDATE mail_outbox SET status = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'queued' END, last_error = $3
            WHERE id = $1 AND status = 'sending' AND claimed_at = $2`,
          [...ours, String(e), MAIL_MAX_ATTEMPTS],
        );
      }
    }
    return rows.length;
  }
  return { sendBatch, close: () => transport.close() };
}
