/** The Tend word mark used in every layout header. */
import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormattedMessage } from 'react-intl';

/** The product's name: the same in every language. */
const productName = 'Tend';

/**
 * The word mark as a link home. Its name is its visible text plus a hidden ", home" (no aria-label:
 * WCAG 2.5.3 wants the visible words inside the name, and axe reads "Tend" + "Agency" as one word).
 */
export function Brand({ to = '/', suffix }: { to?: string; suffix?: string }) {
  return (
    <UnstyledButton component={Link} to={to}>
      <Group gap={6} wrap="nowrap">
        <IconLeaf size={24} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={700} fz="lg">
          {productName}
        </Text>
        {suffix && (
          <Text c="dimmed" fz="sm" visibleFrom="xs">
            <VisuallyHidden> </VisuallyHidden>
            {suffix}
          </Text>
        )}
        <VisuallyHidden>
          <FormattedMessage id="app.brand.homeSuffix" />
        </VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}

/** A link that moves keyboard focus past the header and navigation to the page content. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      <FormattedMessage id="app.brand.skipToContent" />
    </a>
  );
}
