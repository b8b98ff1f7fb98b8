/**
 * The frame of a people page inside the admin layout: title (Title order 2), a one-line
 * description, the primary action, then the filter bar and the table. No app shell of its own.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface PeoplePageProps {
  title: string;
  description: string;
  /** The page's main action (e.g. the "New client" button). */
  action?: ReactNode;
  children: ReactNode;
}

export function PeoplePage({ title, description, action, children }: PeoplePageProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        </div>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
