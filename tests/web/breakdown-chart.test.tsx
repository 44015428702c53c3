// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { BreakdownChart } from '../../src/web/areas/orders/panels/BreakdownPanel';

afterEach(cleanup);

it('the breakdown has a legend in words, not the engine keys: label, count and share of each outcome', () => {
  render(
    <MantineProvider>
      <BreakdownChart total={4} stats={[{ outcome: 'vendor', count: 2 }, { outcome: 'won', count: 1 }, { outcome: 'cap_daily', count: 1 }]} />
    </MantineProvider>,
  );
  const legend = screen.getByTestId('breakdown-legend');
  const rows = within(legend).getAllByRole('row').map((r) => r.textContent);
  expect(rows).toEqual(['Vendor not selected250%', 'Won the ping125%', 'Daily cap reached125%']);
  expect(legend.textContent).not.toMatch(/\bvendor\b|\bwon\b|cap_daily/);
});
