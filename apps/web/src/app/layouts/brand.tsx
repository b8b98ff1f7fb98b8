/** The Tend word mark used in every layout header. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Brand({ to = '/', suffix }: { to?: string; suffix?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={suffix ? `Tend ${suffix}, home` : 'Tend, home'}>
      <Group gap={6} wrap="nowrap">
        <IconLeaf size={24} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={700} fz="lg">
          Tend
        </Text>
        {suffix && (
          <Text c="dimmed" fz="sm" visibleFrom="xs">
            {/* The leading space makes the text read "Tend <suffix>", as the label does (WCAG 2.5.3). */}
            {` ${suffix}`}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** A link that moves keyboard focus past the header and navigation to the page content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to content
    </a>
  );
}
