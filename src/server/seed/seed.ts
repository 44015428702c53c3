import type { AppContext } from '../context';
import { hashPassword } from '../services/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts, seedRegions } from './accounts';

/** Seed the demo marketplace into an empty database; returns the logins to print. */
export async function seedIfEmpty(ctx: AppContext): Promise<string | null> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (rows[0].n > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    await seedRegions(tx);
    await seedDemoAccounts(tx, passwordHash);
  });
  return demoLoginsText();
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${a.note}`);
  return `Demo marketplace seeded. Every demo account's password is ${DEMO_PASSWORD}\n${lines.join('\n')}`;
}
