/**
 * The centred card the sign-in, setup and access-link pages sit in (no-layout routes), with the language switch above it
 * (decision 0042: every page a caregiver or family member can open has one).
 */
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';
import { LocaleSwitcher } from '../../i18n/locale-switcher.tsx';

export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box component="main" id="main" mih="100vh" bg="var(--mantine-color-gray-0)" px="md" py={48}>
      <Center>
        <Stack w="100%" maw={width} gap="lg">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Brand />
            <LocaleSwitcher />
          </Group>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {/* A long email address or number breaks anywhere rather than run out of the card on a 320 px phone. */}
            <Stack gap="md" style={{ overflowWrap: 'anywhere' }}>
              <div>
                <Title order={1} fz="h2">
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
