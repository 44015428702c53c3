/** A dated banner (holiday_banners): shown from startsOn through endsOn, in the viewer's time zone. */
export interface DatedBanner {
  id: number;
  startsOn: string;
  endsOn: string;
  text: string;
}

/** Is a banner up on this day (YYYY-MM-DD, the viewer's)? Both ends are included. */
export const bannerShows = (b: Pick<DatedBanner, 'startsOn' | 'endsOn'>, day: string): boolean => b.startsOn <= day && day <= b.endsOn;

/** The dashboard lists at most this many active orders (with their total). */
export const DASHBOARD_ORDERS_MAX = 100;
