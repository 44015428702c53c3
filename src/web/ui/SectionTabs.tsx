import { Tabs } from '@mantine/core';
import { useLocation } from 'wouter';
import { isoDay } from '../../domain/clock';
import { visibleTabs, type NavTab } from '../../domain/navigation';
import { useSessionSelector } from '../app/session';

/** The tabs of one section (reports, promotions), as the user's role may see them. */
export function SectionTabs({ tabs, label }: { tabs: readonly NavTab[]; label: string }) {
  const user = useSessionSelector((s) => s.context.auth?.user ?? null);
  const [location, navigate] = useLocation();
  if (!user) return null;
  const shown = visibleTabs(tabs, user, isoDay(new Date()));
  return (
    <Tabs value={location} onChange={(v) => v && navigate(v)} aria-label={label}>
      <Tabs.List>
        {shown.map((t) => (
          <Tabs.Tab key={t.id} value={t.path}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
