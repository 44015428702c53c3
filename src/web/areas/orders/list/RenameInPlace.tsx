import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { renameSaves, shortName } from '../../../../domain/orders/list';

/** The order's name, renamed in place: Enter or leaving saves a non-empty changed name; Escape reverts. */
export function RenameInPlace({ name, narrow, onSave }: { name: string; narrow: boolean; onSave: (name: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState(name);
  const finish = () => {
    setEditing(false);
    if (renameSaves(name, typed)) onSave(typed.trim());
    else setTyped(name);
  };
  if (editing)
    return (
      <TextInput
        size="xs"
        autoFocus
        aria-label="Order name"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        onBlur={finish}
        onKeyDown={(e) => {
          if (e.key === 'Enter') finish();
          if (e.key === 'Escape') {
            setTyped(name);
            setEditing(false);
          }
        }}
      />
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Text fw={600} size="sm" title={name} data-testid="order-name">
        {shortName(name, narrow)}
      </Text>
      <Tooltip label="Rename">
        <ActionIcon variant="subtle" size="sm" aria-label={`Rename ${name}`} onClick={() => { setTyped(name); setEditing(true); }}>
          ✎
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
