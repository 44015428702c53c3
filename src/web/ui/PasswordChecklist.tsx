import { List, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_CHECKS, PASSWORD_MIN_LENGTH } from '../../domain/password';

/** Shows, while typing, which of the password rules are met. */
export function PasswordChecklist({ password }: { password: string }) {
  const rules = [
    { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, ok: password.length >= PASSWORD_MIN_LENGTH },
    ...PASSWORD_CHECKS.map((c) => ({ id: c.id, label: c.label, ok: c.test(password) })),
  ];
  return (
    <List size="sm" spacing={4} center>
      {rules.map((r) => (
        <List.Item
          key={r.id}
          c={r.ok ? 'teal' : 'dimmed'}
          icon={
            <ThemeIcon size={16} radius="xl" color={r.ok ? 'teal' : 'gray'}>
              {r.ok ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
          }
        >
          {r.label}
        </List.Item>
      ))}
    </List>
  );
}
