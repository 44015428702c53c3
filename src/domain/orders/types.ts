import type { ChannelConfig } from './delivery';
import type { ScheduleApi } from './schedule';
import type { Territory } from './territory';
import type { FieldError } from '../field-error';

/**
 * The order wizard's shapes (document 001 section 3), shared by the server, the wizard
 * machine and its screens. Money is integer cents.
 */
export const VERTICALS = ['autoins', 'homeins'] as const;
export type Vertical = (typeof VERTICALS)[number];
export const PRODUCTS = ['leads', 'calls'] as const;
export type Product = (typeof PRODUCTS)[number];

export const VERTICAL_LABELS: Record<Vertical, string> = { autoins: 'Auto Insurance', homeins: 'Home Insurance' };
export const PRODUCT_LABELS: Record<Product, string> = { leads: 'Leads', calls: 'Live calls' };

export interface PackageVendor {
  id: number;
  vendorName: string;
  displayName: string;
  isUniversalLeadIdProvider: boolean;
}

export interface PackageQuestion {
  id: string;
  text: string;
  options: string[];
}

/** A package as the wizard and the rules see it. */
export interface OrderPackage {
  id: number;
  name: string;
  vertical: Vertical;
  product: Product;
  tags: string[];
  packageGroups: string[];
  /** A growth (CLD) package: bought with growth funds, caps and bids fixed for most users. */
  cldGrowth: boolean;
  /** The CLD offer type (e.g. 'weekends'), or null when the package is not a CLD one. */
  cldType: string | null;
  canToggleVendors: boolean;
  optimizerEnabled: boolean;
  isPublic: boolean;
  isCustomPriced: boolean;
  costCents: number;
  maxBidFloorCents: number;
  questions: PackageQuestion[];
  vendors: PackageVendor[];
}

/**
 * Who is working on the order, as the rules need it: the acting user's flags, and the
 * admin behind a switch (an admin switched into a user keeps the admin's rights).
 */
export interface Viewer {
  role: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  isPro: boolean;
  features: readonly string[];
  /** Growth funds of the user's company, in cents. */
  growthFundsCents: number;
  /** Packages the company holds an exclusive promotion for. */
  promotionPackageIds: readonly number[];
  /** The company's billing: a payment method on file (billing), or a card (cards). */
  hasBilling: boolean;
  hasCard: boolean;
  /** The company's withdrawal amount in cents (the automatic recharge), or null if none. */
  withdrawalAmountCents: number | null;
}

export const hasFeature = (v: Pick<Viewer, 'features'>, f: string): boolean => v.features.includes(f);

/** The territory (territory.ts), the weekly schedule in its API form (schedule.ts), the delivery channels (delivery.ts). */
export type OrderTerritory = Territory;
export type WeekSchedule = ScheduleApi;

export type Range = [min: number, max: number | null];

export interface OrderFilters {
  age: Range;
  income: Range;
  homeValue: Range;
  vehicles: number[];
  housing: string[];
  insuranceMonth: number[];
  homeAge: Range;
  yearsAtResidence: Range;
  homeownerOnly: boolean;
}

export interface Caps {
  daily: number;
  weekly: number;
  monthly: number;
}

/** Everything an order holds that the wizard edits: a draft (job) and an order alike. */
export interface OrderSettings {
  name: string;
  packageId: number | null;
  territory: OrderTerritory;
  schedule: WeekSchedule;
  vendorIds: number[];
  filters: OrderFilters;
  questions: Array<{ id: string; value: string }>;
  caps: Caps;
  maxBidCents: number | null;
  customPriceCents: number | null;
  withdrawalConfirmed: boolean;
  maxConcurrentCalls: number | null;
  billableCallDuration: number | null;
  destinationNumber: string | null;
  /** The lead delivery channels (a call order is delivered to its destination number). */
  channels: ChannelConfig[];
  matchPremiumSources: boolean;
  optimizerRatio: number;
}

export type SettingsPatch = Partial<OrderSettings>;

export type { FieldError };

/**
 * The order of the wizard's steps, written once (document 001 section 2). The create flow:
 * each step has a previous and a next one in this order.
 */
export const CREATE_STEPS = ['package', 'schedule', 'territory', 'vendors', 'delivery', 'options', 'confirmation'] as const;
/** The edit flow's routed steps, in its order: the ones whose changes are saved or discarded. */
export const EDIT_STEPS = ['territory', 'vendors', 'delivery', 'options', 'schedule'] as const;
/** The edit flow: its routed steps between the order's package and its confirmation (named states). */
export const EDIT_FLOW = ['package', ...EDIT_STEPS, 'confirmation'] as const;
export type Step = (typeof CREATE_STEPS)[number];
/** Where an edit opens when the address names no step. */
export const EDIT_ENTRY: Step = EDIT_STEPS[0];
/** Is this a step of the wizard (an address's last segment)? */
export const isStep = (name: string): name is Step => (CREATE_STEPS as readonly string[]).includes(name);

export const STEP_LABELS: Record<Step, string> = {
  package: 'Package',
  schedule: 'Schedule',
  territory: 'Territory',
  vendors: 'Vendors',
  delivery: 'Delivery',
  options: 'Options',
  confirmation: 'Confirmation',
};
