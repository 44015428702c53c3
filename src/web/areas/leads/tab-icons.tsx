import { IconFileDollar, IconList, IconPhone, IconReceiptRefund, IconShieldCheck, IconSparkles, type Icon } from '@tabler/icons-react';
import type { LeadTab } from '../../../domain/leads/tabs';

/** The icon of each tab (named in src/domain/leads/tabs). */
export const TAB_ICONS: Record<LeadTab, Icon> = {
  new: IconSparkles,
  contacted: IconPhone,
  quoted: IconFileDollar,
  policy: IconShieldCheck,
  returns: IconReceiptRefund,
  all: IconList,
};
