import type { AppContext } from '../context';
import { hashPassword } from '../services/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts, seedRegions } from './accounts';
import { seedLeadDetails } from './lead-details';
import { seedPingDays } from './ping-days';
import { seedMarketplace, type MarketplaceSummary } from './marketplace';
import { seedVendorApi } from './vendor-api';

/** Seed the demo marketplace into an empty database; returns the logins to print. */
export async function seedIfEmpty(ctx: AppContext): Promise<string | null> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (rows[0].n > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await ctx.db.transaction(async (tx) => {
    await seedRegions(tx);
    const now = ctx.clock.now();
    const accounts = await seedDemoAccounts(tx, passwordHash, now);
    const summary = await seedMarketplace(tx, { now, accounts });
    await seedVendorApi(tx, now);
    await seedLeadDetails(tx, { now });
    await seedPingDays(tx, now);
    // The accounts are as old as the history given them: the reports start no earlier than a user's account (docs/areas/reports.md).
    await tx.query('UPDATE users SET created_at = least(created_at, (SELECT min(inserted_at) FROM leads))');
    return summary;
  });
  return demoLoginsText(summary);
}

export function demoLoginsText(summary?: MarketplaceSummary): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const lines = DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${a.note}`);
  const market = summary
    ? `\n  ${summary.companies} companies, ${summary.vendors} vendors, ${summary.orders} orders, ${summary.leads} leads, ${summary.calls} calls`
    : '';
  return `Demo marketplace seeded. Every demo account's password is ${DEMO_PASSWORD}\n${lines.join('\n')}${market}`;
}
