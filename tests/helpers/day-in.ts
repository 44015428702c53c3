/**
 * The calendar day (YYYY-MM-DD) of a moment in a zone, worked out by Intl and not by the
 * project's own zone code, so the tests' expectations stand apart from what they check.
 * One formatter per zone: making one per row was most of a rollup test's time.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dayIn(at: Date, zone: string): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(zone, format);
  }
  return format.format(at);
}
