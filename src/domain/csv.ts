/**
 * CSV cells that a spreadsheet would run as a formula (document 002 section 5): a cell
 * starting with +, -, = or @ is prefixed with a tab character.
 */
const FORMULA_START = /^[+\-=@]/;

export function guardCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return FORMULA_START.test(s) ? `\t${s}` : s;
}
