import './skip-link.css';
import { Alert, AppShell, Avatar, Burger, Button, Group, Menu, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAddressBook, IconChartDots3, IconChevronDown, IconClockCog, IconLogout, IconMail, IconPhoneOff, IconSettings, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { MSG } from '../../domain/messages';
import { MAIN_TABS, visibleSettingsTabs, visibleTabs } from '../../domain/navigation';
import { isUserManagementShortcut } from '../../domain/people/shortcut';
import { roleLabel } from '../../domain/roles';
import { NARROW_WINDOW_PX } from '../../domain/ui-limits';
import { useToday } from './clock';
import { IdleWarning } from './IdleWarning';
import { useLiveEvents } from './live-events';
import { can } from './selectors';
import { useSessionActor, useSessionSelector } from './session';
import { storage } from '../ui/storage';
import { SwitchedBanner } from './SwitchedBanner';
import { SwitchUserModal } from './SwitchUser';

// User management is its own chunk, fetched the first time an admin opens it.
const UserManagement = lazy(() => import('../areas/people/UserManagement'));

/** The skip link moves the focus to the content (its address alone would go through the router). */
function skipToContent(e: MouseEvent<HTMLAnchorElement>) {
  e.preventDefault();
  document.getElementById('main-content')?.focus();
}

/** The signed-in frame: header with the main navigation, the user menu, and the page. */
export function Shell({ children }: { children: ReactNode }) {
  const session = useSessionActor();
  const auth = useSessionSelector((s) => s.context.auth);
  const [location] = useLocation();
  const today = useToday();
  const mayGoBack = useSessionSelector(can({ type: 'SWITCH_BACK' }));
  const maySwitch = useSessionSelector(can({ type: 'SWITCH_USER', email: '' }));
  const narrow = useMediaQuery(`(max-width: ${NARROW_WINDOW_PX}px)`);
  const [menuOpen, { toggle, close }] = useDisclosure(false);
  const [switchOpen, setSwitchOpen] = useState(false);
  const [peopleOpen, setPeopleOpen] = useState(false);
  const [peopleLoaded, setPeopleLoaded] = useState(false);
  const isAdminSession = (auth?.original ?? auth?.user)?.role === 'admin';
  // Server push: the company's leads, calls and balance refresh as they change.
  const liveCompany = auth && ['user', 'regional', 'corporate'].includes(auth.user.role) ? (auth.user.company?.id ?? null) : null;
  useLiveEvents(liveCompany);
  const openPeople = () => {
    setPeopleLoaded(true);
    setPeopleOpen(true);
  };
  // Alt+Shift+U opens user management from any screen (admins; docs/areas/people.md "User management").
  useEffect(() => {
    if (!isAdminSession) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isUserManagementShortcut(e)) return;
      e.preventDefault();
      setPeopleLoaded(true);
      setPeopleOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isAdminSession]);
  if (!auth) return null;
  const { user, original } = auth;
  const tabs = visibleTabs(MAIN_TABS, user, today);
  const settings = visibleSettingsTabs(user, today);
  const active = (path: string) => location.startsWith(path.split('/').slice(0, 2).join('/'));

  const nav = tabs.map((t) =>
    narrow ? (
      <NavLink key={t.id} component={Link} href={t.path} label={t.label} active={active(t.path)} onClick={close} />
    ) : (
      <Button key={t.id} component={Link} href={t.path} variant={active(t.path) ? 'light' : 'subtle'} size="compact-md" data-nav={t.id}>
        {t.label}
      </Button>
    ),
  );

  return (
    <AppShell header={{ height: 56 }} navbar={narrow ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !menuOpen } } : undefined} padding="md">
      <a href="#main-content" className="skip-link" onClick={skipToContent}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {narrow && <Burger opened={menuOpen} onClick={toggle} size="sm" aria-label="Menu" />}
            <Text fw={800} fz={20} c="indigo" component={Link} href="/" style={{ textDecoration: 'none' }}>
              Leadline
            </Text>
            {!narrow && (
              <Group gap={4} ml="md" component="nav" aria-label="Main navigation">
                {nav}
              </Group>
            )}
          </Group>
          <Menu position="bottom-end" width={240}>
            <Menu.Target>
              <UnstyledButton data-testid="user-menu">
                <Group gap={6} wrap="nowrap">
                  <Avatar size="sm" color="indigo" radius="xl">
                    {user.firstName[0]}
                    {user.lastName[0]}
                  </Avatar>
                  {!narrow && (
                    <Text size="sm" fw={500}>
                      {user.firstName} {user.lastName}
                    </Text>
                  )}
                  <IconChevronDown size={14} />
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>
                {user.email} · {roleLabel(user)}
              </Menu.Label>
              {settings.map((t) => (
                <Menu.Item key={t.id} component={Link} href={t.path} leftSection={<IconSettings size={14} />}>
                  {t.label}
                </Menu.Item>
              ))}
              {(original ?? user).role === 'admin' && (
                <>
                  <Menu.Divider />
                  <Menu.Item leftSection={<IconAddressBook size={14} />} onClick={openPeople} rightSection={<Text size="xs" c="dimmed">Alt+Shift+U</Text>}>
                    User management
                  </Menu.Item>
                  {maySwitch && (
                    <Menu.Item leftSection={<IconUsers size={14} />} onClick={() => setSwitchOpen(true)}>
                      Switch user
                    </Menu.Item>
                  )}
                  {mayGoBack && (
                    <Menu.Item leftSection={<IconUserCheck size={14} />} onClick={() => session.send({ type: 'SWITCH_BACK' })}>
                      Back to my account
                    </Menu.Item>
                  )}
                  <Menu.Item component={Link} href="/admin/mailbox" leftSection={<IconMail size={14} />}>
                    Mailbox
                  </Menu.Item>
                  <Menu.Item component={Link} href="/admin/jobs" leftSection={<IconClockCog size={14} />}>
                    Background jobs
                  </Menu.Item>
                  <Menu.Item component={Link} href="/dnc-lists" leftSection={<IconPhoneOff size={14} />}>
                    Do-not-call lists
                  </Menu.Item>
                  <Menu.Item component={Link} href="/machines" leftSection={<IconChartDots3 size={14} />}>
                    Statecharts
                  </Menu.Item>
                </>
              )}
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconLogout size={14} />} onClick={() => session.send({ type: 'LOGOUT' })}>
                Log Out
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </AppShell.Header>
      {narrow && (
        <AppShell.Navbar p="xs">
          <ScrollArea>
            <Stack gap={2}>{nav}</Stack>
          </ScrollArea>
        </AppShell.Navbar>
      )}
      <AppShell.Main bg="gray.0" id="main-content" tabIndex={-1}>
        <Stack gap="md">
          {!storage.available && <Alert color="yellow">{MSG.privateBrowsing}</Alert>}
          <SwitchedBanner />
          {children}
        </Stack>
      </AppShell.Main>
      <IdleWarning />
      <SwitchUserModal opened={switchOpen} onClose={() => setSwitchOpen(false)} />
      {isAdminSession && peopleLoaded && (
        <Suspense fallback={null}>
          <UserManagement
            opened={peopleOpen}
            onClose={() => setPeopleOpen(false)}
            me={auth}
            onSwitch={(email) => session.send({ type: 'SWITCH_USER', email })}
          />
        </Suspense>
      )}
    </AppShell>
  );
}
