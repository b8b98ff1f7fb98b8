/**
 * `/testDashboard` (admin; issue 20 "`/testDashboard` (admin) previews any dashboard as a chosen person"): pick a kind
 * (case manager, client, caregiver) and a person, then open that person's dashboard with a "Preview as …" banner
 * (`?preview=1`). Admins' scope covers every record, so the dashboards' APIs answer as they would for that person's
 * records; every read is audited as the admin's.
 */
import { useState } from 'react';
import { Button, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { useDashboardCaseManagers } from '../api/case-manager.ts';

type Kind = 'case-manager' | 'client' | 'caregiver';

function CaseManagerPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const list = useDashboardCaseManagers(debounced.trim());
  const data = (list.data?.items ?? []).map((item) => ({
    value: item.id,
    label: item.county ? `${item.name} · ${item.county}` : item.name,
  }));
  return (
    <Select
      label={intl.formatMessage({ id: 'dashboards.test.caseManager' })}
      placeholder={intl.formatMessage({ id: 'dashboards.test.search' })}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={intl.formatMessage({ id: 'dashboards.test.nothing' })}
      w={{ base: '100%', sm: 360 }}
    />
  );
}

export function TestDashboardPage() {
  const intl = useIntl();
  const [kind, setKind] = useState<Kind>('case-manager');
  const [person, setPerson] = useState<string | undefined>();
  const pick = (next: string) => {
    setKind(next as Kind);
    setPerson(undefined);
  };
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1}>
          <FormattedMessage id="dashboards.test.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="dashboards.test.intro" />
        </Text>
      </div>
      <SegmentedControl
        aria-label={intl.formatMessage({ id: 'dashboards.test.kind' })}
        value={kind}
        onChange={pick}
        data={(['case-manager', 'client', 'caregiver'] as const).map((value) => ({
          value,
          label: intl.formatMessage({ id: `dashboards.test.kind.${value}` }),
        }))}
        fullWidth
      />
      {kind === 'case-manager' ? (
        <CaseManagerPicker value={person} onChange={setPerson} />
      ) : (
        <PersonSelect
          kind={kind === 'client' ? 'clients' : 'caregivers'}
          label={intl.formatMessage({ id: `dashboards.test.kind.${kind}` })}
          placeholder={intl.formatMessage({ id: 'dashboards.test.search' })}
          value={person}
          onChange={setPerson}
          w={{ base: '100%', sm: 360 }}
        />
      )}
      <div>
        {person ? (
          <Button
            component={Link}
            to={`/dashboard/${kind}/${person}?preview=1`}
            leftSection={<IconEye size={16} aria-hidden />}
          >
            <FormattedMessage id="dashboards.test.open" />
          </Button>
        ) : (
          // A disabled <button> (not a link): nothing to open until a person is chosen.
          <Button disabled leftSection={<IconEye size={16} aria-hidden />}>
            <FormattedMessage id="dashboards.test.open" />
          </Button>
        )}
      </div>
    </Stack>
  );
}
