import { Button, Drawer, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CUSTOM_FIELD_LABELS, CUSTOM_FIELDS, type CustomField, type LeadQuery } from '../../../domain/leads/filters';
import { LEADS_DESIGNED_MSG } from '../../../domain/leads/messages';

/**
 * The custom-search side panel (document 002 sections 2 and 5): a first name, last name
 * or company name that leads must equal; blank is refused, the value is trimmed.
 */
export function CustomSearchPanel({ opened, onClose, current, onApply }: {
  opened: boolean;
  onClose: () => void;
  current: LeadQuery['custom'];
  onApply: (custom: LeadQuery['custom']) => void;
}) {
  const [field, setField] = useState<CustomField>(current?.field ?? 'lastName');
  const [value, setValue] = useState(current?.value ?? '');
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    if (value.trim() === '') {
      setError(LEADS_DESIGNED_MSG.customBlank);
      return;
    }
    onApply({ field, value: value.trim() });
    onClose();
  };
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Custom search" data-testid="custom-search">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            Find the leads whose first name, last name or company name is exactly this value.
          </Text>
          <Select
            label="Search by"
            data={CUSTOM_FIELDS.map((f) => ({ value: f, label: CUSTOM_FIELD_LABELS[f] }))}
            value={field}
            onChange={(v) => v && setField(v as CustomField)}
            allowDeselect={false}
            data-testid="custom-field"
          />
          <TextInput
            label="Value"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-testid="custom-value"
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                onApply(null);
                onClose();
              }}
              disabled={!current}
            >
              Clear
            </Button>
            <Button type="submit" data-testid="custom-apply">
              Search
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
