import { dollars } from '../../../domain/money/format';
import { VERTICAL_LABELS, PRODUCT_LABELS } from '../../../domain/orders/types';
import type { Queryable } from '../../db/db';
import type { MailMessage } from '../mail';
import type { OrderRow } from './store';
import { territoryOf } from './store';

/** The order summary email (POST /orders/{id}/summary): what the order buys, where and for how much. */
export async function orderSummaryMail(q: Queryable, o: OrderRow, to: string): Promise<MailMessage> {
  const { rows } = await q.query<{ name: string }>('SELECT name FROM packages WHERE id = $1', [o.package_id]);
  const t = territoryOf(o.territory);
  const where = t.geoType === 'state' ? `the state of ${t.state}` : `${t.zips.filter((z) => z.enabled).length} ZIP codes${t.regionalZip ? ` around ${t.regionalZip}` : ''}`;
  const lines = [
    `Order #${o.id}: ${o.name}`,
    `Status: ${o.status}${o.activate_date ? ` (back on ${new Date(o.activate_date).toISOString().slice(0, 10)})` : ''}`,
    `Package: ${rows[0]?.name ?? o.package_id} (${VERTICAL_LABELS[o.vertical]}, ${PRODUCT_LABELS[o.product]})`,
    `Territory: ${where}`,
    `Caps: ${o.cap_daily} a day, ${o.cap_weekly} a week, ${o.cap_monthly} a month`,
    `Maximum bid: ${dollars(o.max_bid_cents)}`,
  ];
  return { to, subject: `Your order summary: ${o.name}`, text: lines.join('\n') };
}
