/**
 * The admin layout: a Mantine AppShell with the header (brand, signed-in user, Sign out) and the
 * navigation of UX.md grouped by section, listing only built pages.
 */
import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { builtAdminNavigation, isActivePath } from '../navigation.ts';
import { Brand, SkipLink } from './brand.tsx';
import { UserControls } from './user-controls.tsx';
import { WithClientConfig } from '../../lib/client-config.tsx';

const sections = builtAdminNavigation();

export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Brand to="/admin" suffix="Agency" />
          </Group>
          <UserControls />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Admin navigation">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap="md" py="xs">
            {sections.map((section) => (
              <div key={section.label} role="group" aria-labelledby={`nav-${section.label}`}>
                <Text id={`nav-${section.label}`} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
                  {section.label}
                </Text>
                {section.items.map((item) => {
                  const active = isActivePath(item.path, pathname);
                  const Icon = item.icon;
                  return (
                    <NavLink
                      key={item.path}
                      component={Link}
                      to={item.path}
                      label={item.label}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : undefined}
                    />
                  );
                })}
              </div>
            ))}
          </Stack>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <WithClientConfig>
          <Outlet />
        </WithClientConfig>
      </AppShell.Main>
    </AppShell>
  );
}
