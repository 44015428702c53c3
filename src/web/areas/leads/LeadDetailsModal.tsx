import { Alert, Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { IconFingerprint, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLead, type LeadDetails } from '../../../api/leads/get-lead';
import { dollars } from '../../../domain/money/format';
import { BID_INFO, leadCharge } from '../../../domain/leads/charge';
import { coverageTooltip } from '../../../domain/leads/coverage';
import { detailTabsOf, detailValue, GENERAL_FIELDS, type DetailField } from '../../../domain/leads/details';
import { VERTICAL_LABELS } from '../../../domain/leads/filters';
import { AGENT_STATUS_LABELS, RETURN_STATUS_LABELS } from '../../../domain/leads/tabs';
import { formatDateTime } from '../../../domain/time-format';
import { useReturnFocus } from '../../ui/use-return-focus';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* A long email or id wraps inside its column instead of running past the modal. */}
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** A field of the vertical data; a coverage type shows its limits as a tooltip (section 9). */
function DataField({ field, data }: { field: DetailField; data: unknown }) {
  const value = detailValue(data, field.key);
  const tip = field.coverage ? coverageTooltip(value) : null;
  return (
    <Field label={field.label} testId={`detail-${field.key}`}>
      {tip ? (
        <Tooltip label={tip} multiline w={280} withArrow>
          <Group gap={4} wrap="nowrap" component="span" data-testid="coverage-tooltip-target">
            {value}
            <IconInfoCircle size={14} color="var(--mantine-color-blue-6)" aria-label={tip} />
          </Group>
        </Tooltip>
      ) : (
        value
      )}
    </Field>
  );
}

function General({ d, zone, showId, onJornaya }: { d: LeadDetails; zone: string; showId: boolean; onJornaya: () => void }) {
  const l = d.lead;
  const s = (k: string) => detailValue(d.details, k);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="sm" data-testid="lead-general">
      {showId && <Field label="Lead ID" testId="lead-id">{l.id}</Field>}
      <Field label="Received">{formatDateTime(l.insertDate, zone)}</Field>
      {GENERAL_FIELDS.map((f) => (
        <Field key={f.key} label={f.label}>
          {f.key === 'source' ? s('source') : f.key === 'product' ? (l.product === 'calls' ? 'Call' : 'Lead') : detailValue(l, f.key)}
        </Field>
      ))}
      <Field label="Address">{[s('address'), l.city, l.state].filter((x) => x && x !== '—').join(', ')}</Field>
      <Field label="Date of birth">{s('dob')}</Field>
      <Field label="Credit rating">{s('selfCreditRating')}</Field>
      <Field label="Residence">{s('residenceStatus')}</Field>
      <Field label="Vertical">{VERTICAL_LABELS[l.vertical]}</Field>
      <Field label="Vendor">{l.vendor.displayName}</Field>
      <Field label="Order">{d.orderName}</Field>
      <Field label="Package">{l.packageName}</Field>
      <Field label="MAX Bid" testId="lead-max-bid">{dollars(d.bid.maxBidCents)}</Field>
      <Field label="Bid Price" testId="lead-bid-price">{priceText(l)}</Field>
      <Field label="Paid Price" testId="lead-paid-price">
        <Tooltip label={BID_INFO} multiline w={280} withArrow>
          <Group gap={4} wrap="nowrap" component="span">
            {leadCharge(l).kind === 'charged' ? dollars(d.bid.paidPriceCents) : '—'}
            <IconInfoCircle size={14} color="var(--mantine-color-blue-6)" aria-label={BID_INFO} />
          </Group>
        </Tooltip>
      </Field>
      <Field label="Agent status">{AGENT_STATUS_LABELS[l.agentStatus]}</Field>
      <Field label="Return status">{l.returnStatus ? RETURN_STATUS_LABELS[l.returnStatus] : '—'}</Field>
      {l.product === 'calls' && <Field label="Call">{`${l.callStatus ?? '—'}${d.callDuration !== null ? ` · ${d.callDuration} s` : ''}`}</Field>}
      <Field label="Do not call">{l.dnc ? <Badge color="red" size="sm">DNC</Badge> : 'No'}</Field>
      <Field label="Jornaya">
        <Button size="compact-xs" variant="light" leftSection={<IconFingerprint size={14} />} onClick={onJornaya} data-testid="open-jornaya">
          LeadiD
        </Button>
      </Field>
    </SimpleGrid>
  );
}

/**
 * The lead details modal (document 002 section 2): a general section, then the tabs of
 * its vertical (auto: Policy, Driver 1, Driver 2, Vehicle 1, Vehicle 2; home: Property
 * Overview, Property Details). The id is shown to admins only.
 */
export function LeadDetailsModal({ leadId, zone, showId, onClose, onJornaya }: {
  leadId: number;
  zone: string;
  showId: boolean;
  onClose: () => void;
  onJornaya: (d: LeadDetails) => void;
}) {
  useReturnFocus();
  const lead = useLead(leadId);
  const d = lead.data;
  const tabs = d ? detailTabsOf(d.lead.vertical) : [];
  const data = d?.verticalData[0] ?? {};
  return (
    <Modal opened onClose={onClose} size="xl" title={d ? `${d.lead.firstName} ${d.lead.lastName}` : 'Lead details'} data-testid="lead-details">
      {lead.isError ? (
        <Alert color="red">{lead.error.message}</Alert>
      ) : !d ? (
        <Skeleton h={320} />
      ) : (
        <Stack gap="lg">
          <General d={d} zone={zone} showId={showId} onJornaya={() => onJornaya(d)} />
          {tabs.length > 0 && (
            <Tabs defaultValue={tabs[0].id} keepMounted={false}>
              <Tabs.List>
                {tabs.map((t) => (
                  <Tabs.Tab key={t.id} value={t.id} data-testid={`details-tab-${t.id}`}>
                    {t.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {tabs.map((t) => {
                const empty = t.fields.every((f) => detailValue(data, f.key) === '—');
                return (
                  <Tabs.Panel key={t.id} value={t.id} pt="md">
                    {empty ? (
                      <Text c="dimmed" size="sm">
                        The consumer gave nothing for {t.label}.
                      </Text>
                    ) : (
                      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md" verticalSpacing="sm">
                        {t.fields.map((f) => (
                          <DataField key={f.key} field={f} data={data} />
                        ))}
                      </SimpleGrid>
                    )}
                  </Tabs.Panel>
                );
              })}
            </Tabs>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The price, or that a call's lead cost nothing (yet): domain/leads/charge.ts. */
function priceText(l: LeadDetails['lead']): string {
  const c = leadCharge(l);
  return c.kind === 'charged' ? dollars(c.cents) : `${dollars(c.cents)} ${c.kind === 'pending' ? 'if the call reaches its billable time' : 'not charged (the call ended before its billable time)'}`;
}
