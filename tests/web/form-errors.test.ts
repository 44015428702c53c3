import type { FormErrors } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { DESIGNED_MSG, MSG } from '../../src/domain/messages';
import { fieldErrorsOf, showFieldErrors } from '../../src/web/ui/form-errors';

/** The part of a Mantine form the helper uses, holding its errors in a plain object. */
function fakeForm(values: object, errors: FormErrors = {}) {
  const form = {
    errors,
    getValues: () => values,
    setErrors: (update: (prev: FormErrors) => FormErrors) => {
      form.errors = update(form.errors);
    },
  };
  return form;
}

describe('server field errors on a form', () => {
  const conflict = new ApiError(409, 'Sorry, DEMO002 already exists.', 'conflict', [
    { field: 'agentId', message: 'Sorry, DEMO002 already exists.' },
  ]);

  it('puts each error under the field it names, beside the errors already shown', () => {
    const form = fakeForm({ agentId: 'DEMO002', city: '' }, { city: MSG.profileRequired });
    expect(showFieldErrors(form, fieldErrorsOf(conflict))).toBe(true);
    expect(form.errors).toEqual({ city: MSG.profileRequired, agentId: 'Sorry, DEMO002 already exists.' });
  });

  it('says when an error names no field of the form, so the caller still shows it', () => {
    const form = fakeForm({ email: '' });
    const captcha = [{ field: 'captcha', message: DESIGNED_MSG.captchaFailed }];
    expect(showFieldErrors(form, captcha)).toBe(false);
    expect(form.errors).toEqual({});
  });

  it('finds none in a failure that is no ApiError', () => {
    expect(fieldErrorsOf(new Error('network down'))).toEqual([]);
    expect(fieldErrorsOf(null)).toEqual([]);
  });
});
