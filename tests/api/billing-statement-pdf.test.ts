import { describe, expect, it } from 'vitest';
import { renderStatementPdf, type StatementLine } from '../../src/server/services/billing/statement-pdf';
import { pdfPages } from '../helpers/pdf-text';

const line = (i: number): StatementLine => ({
  when: `2026-10-${String((i % 28) + 1).padStart(2, '0')} 09:30`,
  label: i % 2 ? 'Lead purchase' : 'Deposit',
  memo: i % 2 ? `Order #${i}` : 'Visa ending 4242',
  amountCents: i % 2 ? -2_500 : 25_000,
  balanceCents: 10_000 + i,
});

describe('billing statement PDF (pdfkit), read back with pdf.js', () => {
  it('holds the opening balance, each movement and the closing balance, with totals', async () => {
    const pdf = await renderStatementPdf({
      company: { id: 7, name: 'Acme Insurance' },
      from: '2026-08-21',
      to: '2026-11-21',
      generatedAt: '2026-11-21 07:00',
      timeZone: 'America/New_York',
      openingCents: 1_000_00,
      lines: [line(0), line(1)],
      closingCents: 1_225_00,
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const [page, ...rest] = await pdfPages(pdf);
    expect(rest).toEqual([]);
    expect(page).toContain('Acme Insurance');
    expect(page).toContain('Period 2026-08-21 to 2026-11-21');
    expect(page).toMatch(/2026-08-21 Opening balance \$1,000\.00/);
    expect(page).toMatch(/2026-10-01 09:30 Deposit \$250\.00 \$100\.00/);
    expect(page).toMatch(/2026-10-02 09:30 Lead purchase -\$25\.00 \$100\.01/);
    expect(page).toContain('Order #1');
    expect(page).toMatch(/2026-11-21 Closing balance \$1,225\.00/);
    expect(page).toMatch(/\$1,000\.00 \$250\.00 -\$25\.00 \$1,225\.00/); // the summary: opening, in, out, closing
    expect(page).toContain('Page 1 of 1');
  });

  it('runs onto more pages with the header repeated, and says when nothing moved', async () => {
    const many = await renderStatementPdf({
      company: { id: 7, name: 'Acme' }, from: '2026-01-01', to: '2026-03-31', generatedAt: 'x', timeZone: 'UTC',
      openingCents: 0, lines: Array.from({ length: 70 }, (_, i) => line(i)), closingCents: 5,
    });
    const pages = await pdfPages(many);
    expect(pages.length).toBeGreaterThan(2);
    for (const [i, p] of pages.entries()) {
      expect(p).toContain('DATE DESCRIPTION AMOUNT BALANCE');
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    expect(pages.join('\n').match(/Visa ending 4242/g)).toHaveLength(35);
    const empty = await pdfPages(await renderStatementPdf({
      company: { id: 7, name: 'Acme' }, from: '2026-01-01', to: '2026-03-31', generatedAt: 'x', timeZone: 'UTC', openingCents: 0, lines: [], closingCents: 0,
    }));
    expect(empty[0]).toContain('No movements in this period.');
  });
});
