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

/** A moment (ISO 8601 text from the API) in the user's time zone: "Nov 21, 2026, 4:02 AM CST". */
export function formatDateTime(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const f = formatFor(timeZone);
  const zone = f.zone.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return zone ? `${f.dateTime.format(at)} ${zone}` : f.dateTime.format(at);
}
