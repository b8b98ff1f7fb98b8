/**
 * `/admin` (admin layout): the agency home (UX.md). The work waiting for someone (open incidents,
 * suspicious locations to review, shift notes to review, this month's NOT_READY segments), counts of
 * active clients, caregivers, case managers and users, each linking to its page, and links to the
 * tools. Today's shifts and running jobs are not shown yet.
 */
import {
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconBriefcase,
  IconFileInvoice,
  IconMapPinExclamation,
  IconNotes,
  IconHeartHandshake,
  IconUserHeart,
  IconUserShield,
  type IconProps,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { isBuilt } from '../screens.ts';
import { useRecordCount, type CountableList, type RecordCount } from './count-records.ts';
import { builtAdminNavigation } from '../navigation.ts';
import { useDates } from '../../i18n/dates.ts';

interface CountCardProps {
  list: CountableList;
  label: string;
  path: string;
  icon: ComponentType<IconProps>;
  /** Words under a count of 0; a function when they depend on more than the count. */
  empty: string | ((count: RecordCount) => string);
}

const countCards: CountCardProps[] = [
  {
    list: 'clients',
    label: 'Clients',
    path: '/admin/clients',
    icon: IconUserHeart,
    empty: 'Add your first client.',
  },
  {
    list: 'caregivers',
    label: 'Caregivers',
    path: '/admin/caregivers',
    icon: IconHeartHandshake,
    empty: 'Add your caregivers.',
  },
  {
    list: 'caseManagers',
    label: 'Case managers',
    path: '/admin/case-managers',
    icon: IconBriefcase,
    empty: 'Add the case managers you work with.',
  },
  {
    list: 'users',
    label: 'Users',
    path: '/admin/users',
    icon: IconUserShield,
    empty: 'Create accounts for your staff.',
  },
];

const queueCards: CountCardProps[] = [
  {
    list: 'openIncidents',
    label: 'Open incidents',
    path: '/admin/incidents',
    icon: IconAlertTriangle,
    // As the incident list says it (issue 16): "import notes" only while no shift has notes.
    empty: ({ hasNotes }) =>
      hasNotes
        ? 'None open: the screening found nothing to report in the notes screened so far.'
        : 'None open. Import shift notes to screen them.',
  },
  {
    list: 'locationsToReview',
    label: 'Suspicious locations to review',
    path: '/admin/baselineLocations',
    icon: IconMapPinExclamation,
    empty: 'Nothing to review.',
  },
  {
    list: 'notesToReview',
    label: 'Shift notes to review',
    path: '/admin/mismatched-shift-notes',
    icon: IconNotes,
    empty: 'Every note is matched to its shift.',
  },
  {
    list: 'notReadySegments',
    label: 'Segments not ready this month',
    path: '/admin/billing/segments',
    icon: IconFileInvoice,
    empty: 'Every segment this month is ready to bill.',
  },
];

function CountCard({ list, label, path, icon: Icon, empty }: CountCardProps) {
  const count = useRecordCount(list);
  const dates = useDates();
  const linked = isBuilt(path);
  const value = count.isPending ? (
    <Skeleton h={34} w={64} aria-label={`Loading the number of ${label.toLowerCase()}`} />
  ) : count.isError ? (
    <Tooltip
      label={
        count.error instanceof ApiError ? `${count.error.message} (${count.error.code})` : 'Could not load'
      }
    >
      <Group gap={4} c="red.9">
        <IconAlertCircle size={20} aria-hidden />
        <Text fw={600}>Not available</Text>
      </Group>
    </Tooltip>
  ) : (
    <Text fz={32} fw={700} lh={1.1}>
      {dates.count(count.data.total)}
    </Text>
  );
  const body = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={6}>
        <Text c="dimmed" size="sm" fw={600}>
          {label}
        </Text>
        {value}
        {count.data?.total === 0 && (
          <Text size="xs" c="dimmed">
            {typeof empty === 'function' ? empty(count.data) : empty}
          </Text>
        )}
      </Stack>
      <ThemeIcon variant="light" size="xl" radius="md" aria-hidden>
        <Icon size={24} />
      </ThemeIcon>
    </Group>
  );
  if (!linked) {
    return (
      <Card withBorder padding="lg">
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg" component={Link} to={path}>
      {body}
    </Card>
  );
}

export function AgencyHomePage() {
  const tools = builtAdminNavigation()
    .filter((section) => section.label !== 'Home' && section.label !== 'People')
    .flatMap((section) => section.items);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Agency home</Title>
        <Text c="dimmed">
          Your agency at a glance. Counts are active records: archived people are under Inactive, deactivated
          accounts under Users.
        </Text>
      </div>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Needs attention
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {queueCards.map((card) => (
            <CountCard key={card.list} {...card} />
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          People and accounts
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {countCards.map((card) => (
            <CountCard key={card.list} {...card} />
          ))}
        </SimpleGrid>
      </Stack>
      {tools.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h4">
            Tools
          </Title>
          <Group gap="lg">
            {tools.map((item) => (
              <Anchor key={item.path} component={Link} to={item.path}>
                {item.label}
              </Anchor>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
