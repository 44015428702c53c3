import type { Clock } from '../../../domain/clock';
import { CHANNELS, channelErrors, normalizeChannel, type ChannelConfig, type FieldError } from '../../../domain/orders/delivery';
import { DELIVERY_DESIGNED_MSG, DELIVERY_MSG } from '../../../domain/orders/delivery-messages';
import type { Db } from '../../db/db';
import { enqueueMail } from '../mail';
import { countHit } from '../rate-limit';
import { leadText, testLead, VERTICAL_LABELS, type DeliverableLead } from './lead';
import { postJson, type WebhookResult } from './webhook';

/** What the senders need; the engine hands in the same for real leads. */
export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  /** SMTP is set: mail is queued for the sender; otherwise kept for the admin mailbox. */
  smtp: boolean;
  webhookTimeoutMs: number;
  allowPrivateHosts: boolean;
}

export type DeliveryOutcome = { ok: true } | { ok: false; message: string; detail: string };

/** The JSON a webhook channel receives: the lead and the account fields of the channel (never its secrets). */
export function webhookBody(channel: ChannelConfig, lead: DeliverableLead) {
  return { channel: channel.type, test: lead.test, account: channelAccount(channel), lead };
}

/** Secrets travel in a header, not the body. */
function authHeaders(channel: ChannelConfig): Record<string, string> {
  const secret = CHANNELS[channel.type].fields.find((f) => f.kind === 'secret');
  const value = secret ? channel[secret.name] : undefined;
  return { ...(value ? { authorization: `Bearer ${value}` } : {}), ...(channel.type === 'email' ? {} : { 'x-leadline-channel': channel.type }) };
}

const failure = (r: Exclude<WebhookResult, { ok: true }>): DeliveryOutcome => ({
  ok: false,
  message:
    r.reason === 'refused-host'
      ? DELIVERY_DESIGNED_MSG.webhookRefusedHost
      : r.reason === 'timeout'
        ? DELIVERY_DESIGNED_MSG.webhookTimeout
        : `${DELIVERY_DESIGNED_MSG.webhookFailed} (${r.detail})`,
  detail: r.detail,
});

/**
 * Deliver one lead through one (valid) channel. Email: one mail per address through the
 * outbox, in one transaction. Webhook: a POST to the channel's address with a timeout,
 * outside any transaction.
 */
export async function deliverLead(deps: DeliveryDeps, channel: ChannelConfig, lead: DeliverableLead): Promise<DeliveryOutcome> {
  if (CHANNELS[channel.type].transport === 'email') {
    const now = deps.clock.now();
    const subject = `${lead.test ? 'Test lead' : 'New lead'}: ${VERTICAL_LABELS[lead.vertical]}`;
    const text = leadText(lead);
    await deps.db.transaction(async (tx) => {
      for (const to of channel.emails ?? []) await enqueueMail(tx, { to, subject, text }, now, deps.smtp);
    });
    return { ok: true };
  }
  return postToChannel(deps, channel, webhookBody(channel, lead));
}

/** POST a body to a webhook channel's address with its secret in the header (outside any transaction). */
export async function postToChannel(deps: DeliveryDeps, channel: ChannelConfig, body: unknown): Promise<DeliveryOutcome> {
  const r = await postJson(channel.postUrl!, body, {
    timeoutMs: deps.webhookTimeoutMs,
    allowPrivateHosts: deps.allowPrivateHosts,
    headers: authHeaders(channel),
  });
  return r.ok ? { ok: true } : failure(r);
}

/** The account ids of a channel as its body carries them (never its secrets). */
export function channelAccount(channel: ChannelConfig): Record<string, string> {
  const account: Record<string, string> = {};
  for (const f of CHANNELS[channel.type].fields) if (f.kind === 'id' && channel[f.name]) account[f.name] = channel[f.name]!;
  return account;
}

/** Test leads one user may send an hour (each may post to an address of their choosing). */
export const TEST_LEADS_PER_HOUR = 30;

export type TestLeadResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 422 | 429; message: string; code?: string; errors?: FieldError[] };

/**
 * POST /orders/{id}/test-distribution: send a test lead through a channel's configuration
 * as the step shows it (not yet saved). The caller has checked access to the order.
 * 'test lead sent' when it went out; otherwise the reason (field errors, the receiving
 * server's failure, or too many tests).
 */
export async function sendTestLead(
  deps: DeliveryDeps,
  config: ChannelConfig,
  who: { userId: number; orderId: number | null; vertical: DeliverableLead['vertical'] },
): Promise<TestLeadResult> {
  const channel = normalizeChannel(config);
  const errors = channelErrors(channel, 'distribution');
  if (errors.length) return { ok: false, status: 400, message: errors[0].message, errors };
  const hits = await countHit(deps.db, `test-lead:${who.userId}`, 3600, deps.clock.now());
  if (hits > TEST_LEADS_PER_HOUR) return { ok: false, status: 429, message: DELIVERY_DESIGNED_MSG.testLeadsThrottled, code: 'throttled' };
  const sent = await deliverLead(deps, channel, testLead(who.vertical, deps.clock.now(), who.orderId));
  return sent.ok ? { ok: true, message: DELIVERY_MSG.testLeadSent } : { ok: false, status: 422, message: sent.message, code: 'delivery_failed' };
}
