import { describe, expect, it } from 'vitest';
import { errorsOf, wizardSteps } from '../../machines/orderWizard.machine';
import { blankSettings } from '../../src/domain/orders/settings';
import { CREATE_STEPS, EDIT_FLOW } from '../../src/domain/orders/types';
import { ctx, EDIT_AGENT, spec } from './orderWizard.paths';
import { describeGeneratedPaths } from './path-suite';

const graphs = describeGeneratedPaths('order wizard', spec, { minPaths: 0 });

describe('order wizard', () => {
  it('before its draft loads, shows the flow\'s steps but vendors, none of them in error (the screen draws them while loading)', () => {
    expect(wizardSteps({ mode: 'create', data: null })).toEqual(CREATE_STEPS.filter((s) => s !== 'vendors'));
    expect(wizardSteps({ mode: 'edit', data: null })).toEqual(EDIT_FLOW.filter((s) => s !== 'vendors'));
    expect(Object.values(errorsOf({ mode: 'create', data: null, settings: null })).flat()).toEqual([]);
    // Errors need the draft's package and viewer as well as its settings.
    expect(Object.values(errorsOf({ mode: 'create', data: null, settings: blankSettings('autoins', 'A') })).flat()).toEqual([]);
  });

  it('finds an order\'s package step valid in edit mode, where the package cannot change, and a draft\'s not without a package', () => {
    const opened = graphs()[EDIT_AGENT].paths.flatMap((p) => p.steps).find((st) => st.state.matches({ edit: 'territory' }))!;
    const c = ctx(opened.state);
    const noPackage = { ...c.data!, pkg: null };
    expect(errorsOf({ mode: 'edit', data: noPackage, settings: c.settings }).package).toEqual([]);
    expect(errorsOf({ mode: 'create', data: noPackage, settings: c.settings }).package).not.toEqual([]);
  });

  it('an edit opens with every step valid', () => {
    const opened = graphs()[EDIT_AGENT].paths.flatMap((p) => p.steps).find((st) => st.state.matches({ edit: 'territory' }))!;
    expect(Object.values(ctx(opened.state).errors).every((e) => e.length === 0)).toBe(true);
  });
});
