import metadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from '../../src/web/ui/phone';
import usMetadata from '../../src/web/ui/phone-metadata.us.json';

describe('phone numbers', () => {
  it.each(['5125550199', '512-555-0199', '512.555.0199', '(512) 555-0199', '+1 512 555 0199', '1 (512) 555-0199', ' 512 555 0199 '])(
    'reads the typed %j as its 10 digits',
    (typed) => expect(normalizePhone(typed)).toBe('5125550199'),
  );

  it('leaves what is no 10-digit US number for the profile rule to refuse', () => {
    expect(normalizePhone('555-0199')).toBe('555-0199');
    expect(normalizePhone(' call me ')).toBe('call me');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });

  it('shows stored numbers in the national format', () => {
    expect(formatPhone('5125550199')).toBe('(512) 555-0199');
    expect(formatPhone('+15125550199')).toBe('(512) 555-0199');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });

  it('keeps its US metadata equal to the installed package', () => {
    expect(usMetadata.countries.US).toEqual(metadata.countries.US);
    expect(usMetadata.version).toBe(metadata.version);
  });
});
