// @vitest-environment happy-dom
import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { leadListChangeText } from '../../src/domain/announcements';
import { LiveStatus } from '../../src/web/ui/LiveStatus';
import { useCountChange } from '../../src/web/ui/use-count-change';

afterEach(cleanup);

describe('useCountChange', () => {
  it('says nothing at first, then what came or went under the same query; a new query resets silently', () => {
    const { result, rerender } = renderHook(({ key, count }: { key: string; count: number | undefined }) => useCountChange(key, count, leadListChangeText), {
      initialProps: { key: 'new', count: undefined as number | undefined },
    });
    expect(result.current.text).toBe('');
    rerender({ key: 'new', count: 10 });
    expect(result.current.text).toBe('');
    rerender({ key: 'new', count: 12 });
    expect(result.current.text).toBe('2 leads added');
    const seq = result.current.seq;
    rerender({ key: 'new', count: 12 });
    expect(result.current.seq).toBe(seq);
    rerender({ key: 'new', count: 13 });
    rerender({ key: 'new', count: 14 });
    expect(result.current).toEqual({ text: '1 lead added', seq: seq + 2 });
    // Another tab: its rows show while the previous ones are kept (undefined), then its own count.
    rerender({ key: 'contacted', count: undefined });
    rerender({ key: 'contacted', count: 40 });
    expect(result.current.text).toBe('');
    rerender({ key: 'contacted', count: 39 });
    expect(result.current.text).toBe('1 lead left the list');
  });
});

describe('LiveStatus', () => {
  it('is a polite status region with the words, hidden from the eye', () => {
    render(
      <MantineProvider>
        <LiveStatus text="2 leads added" testId="s" />
      </MantineProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('2 leads added');
    expect(region).toBe(screen.getByTestId('s'));
  });
});
