import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

/** Two initials boxes and the accept action, shared by both terms screens. */
export function InitialsForm(props: { error: string | null; busy: boolean; onAccept(initials: [string, string]): void }) {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onAccept([first, second]);
      }}
      noValidate
    >
      <Stack mt="md">
        {props.error && (
          <Alert color="yellow" data-testid="terms-warning">
            {props.error}
          </Alert>
        )}
        <Group grow>
          <TextInput label="Initials" maxLength={10} value={first} onChange={(e) => setFirst(e.currentTarget.value)} />
          <TextInput label="Initials again" maxLength={10} value={second} onChange={(e) => setSecond(e.currentTarget.value)} />
        </Group>
        <Button type="submit" loading={props.busy}>
          I accept
        </Button>
      </Stack>
    </form>
  );
}
