import { bannerShows, type DatedBanner } from '../../../domain/dashboard/screen';
import type { Queryable } from '../../db/db';

/** The holiday banners up on a day (the viewer's, YYYY-MM-DD): rows not yet over, then the domain's rule. */
export async function bannersOn(q: Queryable, day: string): Promise<DatedBanner[]> {
  const { rows } = await q.query<DatedBanner>(
    `SELECT id, to_char(starts_on, 'YYYY-MM-DD') AS "startsOn", to_char(ends_on, 'YYYY-MM-DD') AS "endsOn", text
       FROM holiday_banners WHERE ends_on >= $1::date ORDER BY starts_on, id`, [day]);
  return rows.filter((b) => bannerShows(b, day));
}
