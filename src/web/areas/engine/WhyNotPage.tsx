import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCurrentUserQuery } from '../../../api/auth/get-current-user';
import { usePingMatches, type MatchOutcome, type PingMatches } from '../../../api/engine/get-ping-matches';
import { dollars } from '../../../domain/money/format';
import { VERTICAL_LABELS } from '../../../domain/orders/types';
import { formatDateTime } from '../../../domain/time-format';

/** Sold and won in green and blue, outbid in orange, a rule that excluded the order in grey. */
const COLORS: Record<string, string> = { sold: 'green', won: 'blue', outbid: 'orange', same_buyer: 'yellow' };

/**
 * /why-not?ping=<id>: "Why didn't I get this lead?" Every order considered for a ping
 * (those whose lead the caller would see: an agent's own, a corporate manager's company's,
 * a regional manager's region's, an admin's all), its outcome and the first rule that excluded it.
 */
export default function WhyNotPage() {
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const pingId = (search.get('ping') ?? '').trim();
  const [typed, setTyped] = useState(pingId);
  const matches = usePingMatches(pingId);
  const me = useCurrentUserQuery();
  const timeZone = me.data ? (me.data.original ?? me.data.user).timezone : 'UTC';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/why-not?ping=${encodeURIComponent(typed.trim())}`);
  };

  return (
    <Paper withBorder p="xl" radius="md">
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={2}>Why didn&apos;t I get this lead?</Title>
          <Text size="sm" c="dimmed">
            Every order the marketplace considered for a ping, and the first rule that kept it from the lead.
          </Text>
        </div>
        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs">
            <TextInput label="Ping id" placeholder="The ping id a vendor got" value={typed} onChange={(e) => setTyped(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />} w={{ base: '100%', sm: 340 }} />
            <Button type="submit" disabled={typed.trim().length === 0}>Explain</Button>
          </Group>
        </form>
      </Group>
      {!pingId && (
        <Alert color="gray" title="Enter a ping id">
          <Text size="sm">The ping id is on the lead, and vendors get it with every ping and post.</Text>
        </Alert>
      )}
      {pingId && matches.isPending && <Stack>{[0, 1, 2].map((i) => <Skeleton key={i} h={36} />)}</Stack>}
      {matches.isError && (
        <Alert color="yellow" title="Nothing to explain">
          <Text size="sm">{matches.error.message}: the ping is unknown, or none of your orders was considered for it (an order is considered when it buys the lead&apos;s vertical and product in a territory holding its ZIP code).</Text>
        </Alert>
      )}
      {matches.data && <Breakdown data={matches.data} timeZone={timeZone} />}
    </Paper>
  );
}

function Breakdown({ data, timeZone }: { data: PingMatches; timeZone: string }) {
  const sold = data.rows.filter((r) => r.outcome === 'sold' || r.outcome === 'won').length;
  return (
    <Stack>
      <Group gap="xl" data-testid="ping-summary">
        <Text size="sm"><b>{data.kind === 'call' ? 'Call' : data.kind === 'post' ? 'Direct post' : 'Ping'}</b> from {data.vendor}</Text>
        <Text size="sm">{VERTICAL_LABELS[data.vertical]}, ZIP {data.zipcode}{data.state ? ` (${data.state})` : ''}</Text>
        <Text size="sm">{formatDateTime(data.receivedAt, timeZone)}</Text>
        <Text size="sm" c="dimmed">{data.rows.length} order{data.rows.length === 1 ? '' : 's'} considered, {sold} bought</Text>
      </Group>
      {data.rows.length === 0 ? (
        <Text size="sm" c="dimmed">No order was considered for this ping.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Why</Table.Th>
                <Table.Th ta="right">Bid</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{data.rows.map((r) => <Row key={r.orderId} r={r} />)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Row({ r }: { r: MatchOutcome }) {
  return (
    <Table.Tr data-testid={`outcome-${r.orderId}`}>
      <Table.Td>
        <Text size="sm" fw={500}>{r.orderName}</Text>
        <Text size="xs" c="dimmed">Order {r.orderId}</Text>
      </Table.Td>
      <Table.Td><Badge color={COLORS[r.outcome] ?? 'gray'} variant="light">{r.label}</Badge></Table.Td>
      <Table.Td><Text size="sm">{r.explanation}</Text></Table.Td>
      <Table.Td ta="right">{dollars(r.bidCents)}</Table.Td>
      <Table.Td ta="right">{dollars(r.priceCents)}</Table.Td>
    </Table.Tr>
  );
}
