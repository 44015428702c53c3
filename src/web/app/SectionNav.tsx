import { Tabs, Title } from '@mantine/core';
import { useLocation } from 'wouter';
import { PROMOTION_TABS, REPORT_TABS, visibleTabs } from '../../domain/navigation';
import { sectionOf, sectionScreens } from '../../domain/screens';
import { useToday } from './clock';
import { useSessionSelector } from './session';

interface Tab {
  path: string;
  label: string;
}

/**
 * The heading and tab bar of the section a screen belongs to: Reports, Promotions, and
 * the settings sections Personal and Company (the menu items of the same names).
 */
export function SectionNav({ path }: { path: string }) {
  const auth = useSessionSelector((s) => s.context.auth);
  const today = useToday();
  if (!auth) return null;
  if (path.startsWith('/reports/'))
    return <SectionTabBar label="Reports" tabs={visibleTabs(REPORT_TABS, auth.user, today).map((t) => ({ path: t.path, label: t.label }))} />;
  if (path.startsWith('/promotions/'))
    return <SectionTabBar label="Promotions" tabs={visibleTabs(PROMOTION_TABS, auth.user, today).map((t) => ({ path: t.path, label: t.label }))} />;
  const section = sectionOf(path);
  if (!section) return null;
  const tabs = sectionScreens(section, auth.user, auth.original).map((s) => ({ path: s.path, label: s.title }));
  return (
    <>
      <Title order={1} fz="h2">
        {section.title}
      </Title>
      <SectionTabBar label={section.title} tabs={tabs} />
    </>
  );
}

function SectionTabBar({ label, tabs }: { label: string; tabs: Tab[] }) {
  const [location, navigate] = useLocation();
  return (
    <Tabs value={location} onChange={(v) => v && navigate(v)}>
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Tab key={t.path} value={t.path}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
