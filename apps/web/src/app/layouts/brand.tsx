/** The Tend word mark used in every layout header. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconLeaf } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';

/** The product's name: the same in every language. */
const productName = 'Tend';

export function Brand({ to = '/', suffix }: { to?: string; suffix?: string }) {
  const intl = useIntl();
  const label = intl.formatMessage(
    { id: 'app.brand.home' },
    { name: suffix ? `${productName} ${suffix}` : productName },
  );
  return (
    <UnstyledButton component={Link} to={to} aria-label={label}>
      <Group gap={6} wrap="nowrap">
        <IconLeaf size={24} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Text fw={700} fz="lg">
          {productName}
        </Text>
        {suffix && (
          <Text c="dimmed" fz="sm" visibleFrom="xs">
            {suffix}
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
      <FormattedMessage id="app.brand.skipToContent" />
    </a>
  );
}
