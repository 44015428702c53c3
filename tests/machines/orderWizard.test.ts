import { describe, expect, it } from 'vitest';
import { ctx, EDIT_AGENT, spec } from './orderWizard.paths';
import { describeGeneratedPaths } from './path-suite';

const graphs = describeGeneratedPaths('order wizard', spec, { minPaths: 0 });

describe('order wizard', () => {
  it('an edit opens with every step valid', () => {
    const opened = graphs()[EDIT_AGENT].paths.flatMap((p) => p.steps).find((st) => st.state.matches({ edit: 'territory' }))!;
    expect(Object.values(ctx(opened.state).errors).every((e) => e.length === 0)).toBe(true);
  });
});
