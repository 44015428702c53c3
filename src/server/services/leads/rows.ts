import type { components } from '../../../api/schema';

export type LeadRowView = components['schemas']['LeadRow'];

/** The columns of a lead row, from leads `l` joined as in ROW_JOINS. */
export const ROW_COLUMNS = `l.id, l.vertical, l.product, l.product_variant, l.agent_status, l.return_status, l.return_reason, l.deny_reason,
  l.return_requested_at, l.return_responded_at, l.inserted_at, l.first_name, l.last_name, l.email, l.phone, l.zipcode, l.city,
  l.state, l.price_cents, l.vendor_id, v.vendor_name, v.display_name AS vendor_display_name, l.company_id, c.name AS company_name,
  l.user_id, trim(u.first_name || ' ' || u.last_name) AS user_name, pk.name AS package_name, l.order_id, l.quoted, l.policy, l.dnc,
  l.note, l.note_modified_at, l.call_id, ca.status AS call_status, ca.sold AS call_sold, l.lead_transaction_key`;

export const ROW_JOINS = `JOIN vendors v ON v.id = l.vendor_id
  JOIN companies c ON c.id = l.company_id
  JOIN users u ON u.id = l.user_id
  JOIN packages pk ON pk.id = l.package_id
  LEFT JOIN calls ca ON ca.id = l.call_id`;

export interface LeadDbRow {
  id: number;
  vertical: 'autoins' | 'homeins';
  product: 'leads' | 'calls';
  product_variant: string | null;
  agent_status: LeadRowView['agentStatus'];
  return_status: LeadRowView['returnStatus'];
  return_reason: string | null;
  deny_reason: string | null;
  return_requested_at: Date | null;
  return_responded_at: Date | null;
  inserted_at: Date;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  zipcode: string | null;
  city: string | null;
  state: string | null;
  price_cents: number;
  vendor_id: number;
  vendor_name: string;
  vendor_display_name: string;
  company_id: number;
  company_name: string;
  user_id: number;
  user_name: string;
  package_name: string;
  order_id: number;
  quoted: boolean;
  policy: boolean;
  dnc: boolean;
  note: string | null;
  note_modified_at: Date | null;
  call_id: number | null;
  call_status: string | null;
  call_sold: boolean | null;
  lead_transaction_key: string | null;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

export function rowView(r: LeadDbRow): LeadRowView {
  return {
    id: r.id,
    vertical: r.vertical,
    product: r.product,
    productVariant: r.product_variant,
    agentStatus: r.agent_status,
    returnStatus: r.return_status,
    returnReason: r.return_reason,
    denyReason: r.deny_reason,
    returnRequestedAt: iso(r.return_requested_at),
    returnRespondedAt: iso(r.return_responded_at),
    insertDate: new Date(r.inserted_at).toISOString(),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    zipcode: r.zipcode,
    city: r.city,
    state: r.state,
    price: r.price_cents,
    vendor: { id: r.vendor_id, vendorName: r.vendor_name, displayName: r.vendor_display_name },
    company: { id: r.company_id, name: r.company_name },
    user: { id: r.user_id, name: r.user_name },
    packageName: r.package_name,
    orderId: r.order_id,
    quoted: r.quoted,
    policy: r.policy,
    dnc: r.dnc,
    note: r.note !== null && r.note_modified_at ? { content: r.note, modifiedDate: new Date(r.note_modified_at).toISOString() } : null,
    callId: r.call_id,
    callStatus: r.call_status,
    callSold: r.call_id === null ? null : r.call_sold === true,
    leadTransactionKey: r.lead_transaction_key,
  };
}
