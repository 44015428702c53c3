import { describe, expect, it } from 'vitest';
import { acceptedOf, refusalMessage, refusalOf } from '../../src/domain/outcome';

describe('outcomes as machines read them', () => {
  const refusal = { ok: false as const, message: 'No', errors: [{ field: 'a', message: 'b' }] };
  const accepted = { ok: true as const, id: 4 };

  it('narrows an answer whose kind the machine already decided, and refuses the other kind', () => {
    expect(refusalOf(refusal)).toBe(refusal);
    expect(acceptedOf(accepted)).toBe(accepted);
    expect(() => refusalOf(accepted)).toThrow('An accepted answer is not a refusal');
    expect(() => acceptedOf(refusal)).toThrow('A refusal is not an accepted answer: No');
  });

  it('reads the message of a refusal, none of a success', () => {
    expect(refusalMessage(refusal)).toBe('No');
    expect(refusalMessage(accepted)).toBe('');
  });
});
