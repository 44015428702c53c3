interface ZoneFormat {
  dateTime: Intl.DateTimeFormat;
  zone: Intl.DateTimeFormat;
}

/** Formatters per time zone: building Intl formatters is the slow part. */
const formats = new Map<string, ZoneFormat>();

function build(timeZone: string): ZoneFormat {
  return {
    dateTime: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }),
    // dateStyle cannot be combined with timeZoneName, so the zone's name has its own formatter.
    zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
  };
}

function formatFor(timeZone: string): ZoneFormat {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      f = build(timeZone);
    } catch {
      // An unknown zone name in the data must not blank the screen: show UTC, named.
      f = build('UTC');
    }
    formats.set(timeZone, f);
  }
  return f;
}

/**
 * A moment in a user's time zone, as the screens and the mails show it: "Nov 21, 2026,
 * 4:02 AM CST". Takes a Date or ISO 8601 text (as the API sends it).
 */
export function formatDateTime(moment: Date | string, timeZone: string): string {
  const at = typeof moment === 'string' ? Date.parse(moment) : moment.getTime();
  if (Number.isNaN(at)) return String(moment);
  const f = formatFor(timeZone);
  const zone = f.zone.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${f.dateTime.format(at)} ${zone}` : f.dateTime.format(at);
}

/** Calendar days are shown as written, with no zone to move them. */
const days = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayAt = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** A range of days (YYYY-MM-DD) as "Apr 1 – 14, 2026", or one day as "Apr 14, 2026". */
export function formatDayRange(range: { from: string; to: string }): string {
  const from = dayAt(range.from);
  const to = dayAt(range.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return `${range.from} – ${range.to}`;
  return from === to ? days.format(from) : days.formatRange(Math.min(from, to), Math.max(from, to));
}
