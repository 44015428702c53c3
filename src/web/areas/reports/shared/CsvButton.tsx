import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { saveBlob } from '../../../ui/download';

/** A report's CSV button: fetches the whole filter's file (small: one row per vendor, reason or package) and saves it. */
export function CsvButton({ load, disabled, testId }: { load(): Promise<{ blob: Blob; fileName: string }>; disabled?: boolean; testId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await load();
      saveBlob(blob, fileName);
    } catch (e) {
      toast('error', (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" leftSection={<IconDownload size={16} />} loading={busy} disabled={disabled} onClick={() => void download()} data-testid={testId}>
      CSV
    </Button>
  );
}
