// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Titled } from '../../src/web/app/title';

/** Page titles nest: the deepest mounted title names the browser tab. */
afterEach(cleanup);

function Screen({ tab }: { tab: string | null }) {
  return (
    <Titled title="Billing">
      <div>{tab && <Titled title={`${tab} · Billing`}>tab</Titled>}</div>
    </Titled>
  );
}

describe('page titles', () => {
  it('a tab inside a titled route wins over the route, though its effect runs first', () => {
    render(<Screen tab="Deposit" />);
    expect(document.title).toBe('Deposit · Billing · Leadline');
  });

  it('follows the tab as it changes, and falls back to the route when the tab goes', () => {
    let setTab: (t: string | null) => void = () => {};
    function Host() {
      const [tab, set] = useState<string | null>('Activity');
      setTab = set;
      return <Screen tab={tab} />;
    }
    render(<Host />);
    expect(document.title).toBe('Activity · Billing · Leadline');
    act(() => setTab('Cards'));
    expect(document.title).toBe('Cards · Billing · Leadline');
    act(() => setTab(null));
    expect(document.title).toBe('Billing · Leadline');
  });

  it('a new screen at the same depth replaces the old one', () => {
    const { rerender } = render(<Titled title="Orders">x</Titled>);
    expect(document.title).toBe('Orders · Leadline');
    rerender(<Titled title="Leads">x</Titled>);
    expect(document.title).toBe('Leads · Leadline');
  });
});
