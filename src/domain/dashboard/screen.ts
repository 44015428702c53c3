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

/** Texts of the dashboard (designed: the specification does not word them). */
export const DASHBOARD_MSG = {
  welcome: 'Welcome to Leadline',
  welcomeBody: 'Your active orders and how far each has filled this month are below, with what the market suggests for each. Recommended orders show demand near your territory that no order of yours bought.',
  /** Managers and admins: no recommended orders of their own. */
  welcomeBodyManager: 'This week\'s figures and each active order\'s month are below, with what the market suggests for each order.',
  pickCompany: 'Pick a company to see its orders.',
  noOrders: 'No active orders. Your active orders show here with how far they have filled this month.',
  noRecommendations: 'No recommendations right now: your orders buy what is offered around your territory.',
  tooManyOrders: 'Showing the first 100 active orders.',
  regionalTitle: 'Regional performance',
  regionalBody: 'Leads (and calls) delivered to agents in your region, with their spend.',
  regionalEmpty: 'Nothing was delivered in your region in these days.',
} as const;

/** Who GET /dashboard answers (openapi.yaml x-roles): the buyers and their managers. */
export const DASHBOARD_ROLES = ['user', 'regional', 'corporate', 'admin'] as const;

