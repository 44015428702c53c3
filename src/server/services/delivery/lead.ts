/** A lead as it leaves Leadline through a delivery channel (the engine builds real ones). */
export interface DeliverableLead {
  id: string;
  vertical: 'autoins' | 'homeins';
  receivedAt: string;
  test: boolean;
  contact: { firstName: string; lastName: string; email: string; phone: string; address: string; city: string; state: string; zip: string };
  details: Record<string, string | number | boolean>;
}

export const VERTICAL_LABELS = { autoins: 'Auto insurance', homeins: 'Home insurance' } as const;

/** The test lead sent by "test" on the delivery step: plainly marked as a test everywhere. */
export function testLead(vertical: DeliverableLead['vertical'], now: Date, orderId: number | null): DeliverableLead {
  return {
    id: `test-${orderId ?? 'new'}-${now.getTime()}`,
    vertical,
    receivedAt: now.toISOString(),
    test: true,
    contact: {
      firstName: 'Test',
      lastName: 'Lead',
      email: 'test.lead@leadline.test',
      phone: '5555550100',
      address: '100 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    },
    details:
      vertical === 'autoins'
        ? { vehicles: 1, currentlyInsured: true, age: 35 }
        : { homeowner: true, homeAge: 20, yearsAtResidence: 5 },
  };
}

/** The lead as the text of an email. */
export function leadText(lead: DeliverableLead): string {
  const c = lead.contact;
  return [
    lead.test ? 'This is a TEST lead from Leadline: no one asked to be contacted.' : 'A new lead from Leadline.',
    '',
    `Lead: ${lead.id}`,
    `Vertical: ${VERTICAL_LABELS[lead.vertical]}`,
    `Received: ${lead.receivedAt}`,
    `Name: ${c.firstName} ${c.lastName}`,
    `Email: ${c.email}`,
    `Phone: ${c.phone}`,
    `Address: ${c.address}, ${c.city}, ${c.state} ${c.zip}`,
    ...Object.entries(lead.details).map(([k, v]) => `${k}: ${v}`),
  ].join('\n');
}
