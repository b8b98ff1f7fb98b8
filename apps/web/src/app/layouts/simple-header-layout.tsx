/** A small branded header above a container: the shared shape of the default and matchmaking layouts. */
import { Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Brand, SkipLink } from './brand.tsx';
import { UserControls } from './user-controls.tsx';
import { WithClientConfig } from '../../lib/client-config.tsx';

export interface SimpleHeaderLayoutProps {
  /** Words after the brand ("Matchmaking", "For families"). */
  suffix?: string;
  /** Where the brand links to. */
  home?: string;
  /** Header background; defaults to the page body. */
  headerBg?: string;
  /** Extra header content on the right, before the user controls. */
  actions?: ReactNode;
}

export function SimpleHeaderLayout({ suffix, home = '/', headerBg, actions }: SimpleHeaderLayoutProps) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <SkipLink />
      <Box
        component="header"
        h={56}
        bg={headerBg ?? 'var(--mantine-color-body)'}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand to={home} suffix={suffix} />
            <Group gap="sm" wrap="nowrap">
              {actions}
              <UserControls />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main" id="main" tabIndex={-1}>
        <WithClientConfig>
          <Outlet />
        </WithClientConfig>
      </Container>
    </Box>
  );
}
