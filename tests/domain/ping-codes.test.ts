import { describe, expect, it } from 'vitest';
import { PING_CODES, pingCode, pingWord } from '../../src/domain/engine';

describe("engine_pings' one-byte codes", () => {
  it('gives every word of a column one code of one byte, and reads it back', () => {
    for (const [field, words] of Object.entries(PING_CODES) as Array<[keyof typeof PING_CODES, Record<string, string>]>) {
      const codes = Object.values(words);
      expect(new Set(codes).size, field).toBe(codes.length);
      for (const [word, code] of Object.entries(words)) {
        expect(Buffer.byteLength(code), `${field} ${word}`).toBe(1);
        expect(pingWord(field, pingCode(field, word as never))).toBe(word);
      }
    }
  });

  it('refuses a code it does not know', () => {
    expect(() => pingWord('kind', 'x')).toThrow("engine_pings.kind has no code 'x'");
  });
});
