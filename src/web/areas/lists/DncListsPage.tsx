import { Alert, Badge, Button, FileInput, Group, Paper, Progress, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import type { StateAbbr } from '../../../api/geo/get-counties';
import { DNC_CHUNK, useAddDncNumbers } from '../../../api/lists/add-dnc-numbers';
import { useCreateDncImport } from '../../../api/lists/create-dnc-import';
import { useDncImports, type DncSource } from '../../../api/lists/list-dnc-imports';
import { US_STATES } from '../../../domain/geo/us-states';
import { LIST_DESIGNED_MSG as D } from '../../../domain/lists';
import { formatDateTime } from '../../../domain/time-format';
import { useTimeZone } from '../../app/clock';
import { LoadFailed } from '../../ui/LoadFailed';
import { toast } from '../../ui/toast';
import { chunks, readDncCsv, type DncFile } from './dnc-csv';

const SOURCES: Record<DncSource, { label: string; help: string }> = {
  national: { label: 'National registry', help: 'The National Do Not Call Registry, as downloaded for your area codes.' },
  state: { label: 'State list', help: 'A state’s own do-not-call list.' },
  internal: { label: 'Internal', help: 'Numbers of consumers who asked us not to call them.' },
};
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.abbr, label: s.name }));
const count = (n: number) => n.toLocaleString('en-US');
/** "1 number", "2,000 numbers". */
const counted = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** Where an import stands: reading the file, sending its chunks, or done with what the server added. */
type Progressing =
  | { step: 'sending'; sent: number; total: number }
  | { step: 'done'; name: string; file: DncFile; added: number }
  | null;

/**
 * /dnc-lists (admins): the do-not-call lists every lead list is scrubbed against, when it
 * is made and again before each delivery. A CSV file is read here, in the browser: its
 * numbers go to the server in chunks of 20,000, with a progress bar.
 */
export default function DncListsPage() {
  const zone = useTimeZone();
  const imports = useDncImports();
  const create = useCreateDncImport();
  const add = useAddDncNumbers();
  const [name, setName] = useState('');
  const [source, setSource] = useState<DncSource>('national');
  const [state, setState] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<Progressing>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = progress?.step === 'sending' || create.isPending;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = D.dncNameRequired;
    if (source === 'state' && !state) found.state = D.dncStateRequired;
    if (!file) found.file = D.dncNumbersRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length || !file) return;
    let read: DncFile;
    try {
      read = readDncCsv(await file.text());
    } catch (e) {
      setErrors({ file: `The file could not be read as CSV: ${(e as Error).message}` });
      return;
    }
    if (read.numbers.length === 0) return setErrors({ file: D.dncNumbersRequired });
    setProgress({ step: 'sending', sent: 0, total: read.numbers.length });
    try {
      const started = await create.mutateAsync({ name: name.trim(), source, state: source === 'state' ? (state as StateAbbr) : null });
      let added = 0;
      let sent = 0;
      for (const chunk of chunks(read.numbers, DNC_CHUNK)) {
        added += (await add.mutateAsync({ importId: started.id, numbers: chunk })).added;
        sent += chunk.length;
        setProgress({ step: 'sending', sent, total: read.numbers.length });
      }
      setProgress({ step: 'done', name: started.name, file: read, added });
      toast('success', D.dncImported);
      setName('');
      setFile(null);
    } catch (e) {
      setProgress(null);
      const fields = e instanceof ApiError ? e.errors : [];
      const placed = Object.fromEntries(fields.filter((f) => f.field === 'name' || f.field === 'state').map((f) => [f.field, f.message]));
      setErrors(placed);
      setFailure(Object.keys(placed).length ? null : (e as Error).message);
    }
  };

  return (
    <Stack gap="md" w="100%">
      <div>
        <Title order={1} fz="h2">Do-not-call lists</Title>
        <Text c="dimmed" size="sm">Every lead list is scrubbed against these numbers when it is made, and again before it is delivered.</Text>
      </div>

      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="h4" mb="sm">Import a list</Title>
        <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
              <TextInput label="Name" required placeholder="National registry, June" maxLength={200} value={name} error={errors.name}
                onChange={(e) => { setName(e.currentTarget.value); setErrors(({ name: _n, ...rest }) => rest); }} data-testid="dnc-name" />
              <Select label="Source" required allowDeselect={false} value={source} description={SOURCES[source].help}
                data={(Object.keys(SOURCES) as DncSource[]).map((s) => ({ value: s, label: SOURCES[s].label }))}
                onChange={(v) => { setSource((v ?? 'national') as DncSource); setErrors(({ state: _s, ...rest }) => rest); }} data-testid="dnc-source" />
              <Select label="State" required={source === 'state'} disabled={source !== 'state'} searchable placeholder={source === 'state' ? 'Pick a state' : 'Only for a state list'}
                data={STATE_OPTIONS} value={source === 'state' ? state : null} error={errors.state}
                onChange={(v) => { setState(v); setErrors(({ state: _s, ...rest }) => rest); }} data-testid="dnc-state" />
              <FileInput label="CSV file" required accept=".csv,text/csv,text/plain" clearable leftSection={<IconFileTypeCsv size={16} />}
                description="Phone numbers in the first column that has them" value={file} error={errors.file}
                onChange={(f) => { setFile(f); setErrors(({ file: _f, ...rest }) => rest); setProgress(null); }} data-testid="dnc-file" />
            </SimpleGrid>
            {progress?.step === 'sending' && (
              <div>
                <Text size="sm" mb={4}>Sending {count(progress.sent)} of {count(progress.total)} numbers…</Text>
                <Progress.Root size="lg">
                  <Progress.Section value={(100 * progress.sent) / progress.total} aria-label="Numbers sent" striped animated />
                </Progress.Root>
              </div>
            )}
            {progress?.step === 'done' && (
              <Alert color="green" title={`${progress.name}: ${D.dncImported}`} data-testid="dnc-result">
                {counted(progress.file.numbers.length, 'number', 'numbers')} read, {count(progress.added)} added
                {progress.file.numbers.length > progress.added ? ` (${count(progress.file.numbers.length - progress.added)} already on this source’s list)` : ''}.
                {progress.file.skipped > 0 ? ` ${counted(progress.file.skipped, 'row without a phone number was', 'rows without a phone number were')} skipped.` : ''}
                {progress.file.repeated > 0 ? ` ${counted(progress.file.repeated, 'number appeared', 'numbers appeared')} more than once and ${progress.file.repeated === 1 ? 'was' : 'were'} read once.` : ''}
              </Alert>
            )}
            {failure && <Alert color="red" title="The import stopped" data-testid="dnc-failure">{failure}</Alert>}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconUpload size={16} />} loading={busy} data-testid="dnc-import">Import</Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4">Imported lists</Title>
          {imports.data && (
            <Text size="sm" data-testid="dnc-agent-flagged">
              Numbers flagged by agents: <Text span fw={700}>{count(imports.data.agentFlagged)}</Text>
            </Text>
          )}
        </Group>
        {imports.isError ? (
          <LoadFailed title="The do-not-call lists did not load" error={imports.error} onRetry={() => void imports.refetch()} />
        ) : !imports.data ? (
          <Stack gap="xs" aria-label="Loading the imports">{[0, 1, 2].map((i) => <Skeleton key={i} h={36} />)}</Stack>
        ) : imports.data.results.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg" data-testid="dnc-empty">No list imported yet. Lists are still scrubbed against the numbers agents flag.</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label="Imported do-not-call lists" data-testid="dnc-imports">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th ta="right">Numbers</Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {imports.data.results.map((i) => (
                  <Table.Tr key={i.id} data-testid="dnc-import-row">
                    <Table.Td>{i.name}</Table.Td>
                    <Table.Td><Badge variant="light" color={i.source === 'national' ? 'indigo' : i.source === 'state' ? 'grape' : 'gray'}>{SOURCES[i.source].label}</Badge></Table.Td>
                    <Table.Td>{i.state ?? '—'}</Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{count(i.numbers)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(i.updatedAt, zone)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
