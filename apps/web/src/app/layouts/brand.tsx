/** The Tend word mark used in every layout header. */
import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Brand({ to = '/', suffix }: { to?: string; suffix?: string }) {
  return (
    // The link's name is its visible words plus ", home" (WCAG 2.5.3 Label in Name: "Tend Agency, home").
    <UnstyledButton component={Link} to={to}>
      <Group gap={6} wrap="nowrap">
        <IconLeaf size={24} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={700} fz="lg">
          Tend
        </Text>{' '}
        {suffix && (
          <Text c="dimmed" fz="sm" visibleFrom="xs">
            {suffix}
          </Text>
        )}
        <VisuallyHidden>, home</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}

/** A link that moves keyboard focus past the header and navigation to the page content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      Skip to main content
    </a>
  );
}
