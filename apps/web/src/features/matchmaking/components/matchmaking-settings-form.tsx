/**
 * The agency's matchmaking settings (issue 22; decision 0059), a tab of `/admin/matchmaking/reviews`: whether a match
 * of a client with a case manager waits for that case manager's authorization, and the fit weights (each factor's
 * points, 0–100, and the distance that gives no distance points). Field errors from the API land on their inputs.
 */
import { useState } from 'react';
import { Alert, Button, Card, NumberInput, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { fitFactors, type MatchmakingSettings } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMatchmakingSettings, useSaveMatchmakingSettings } from '../api/likes.ts';

function SettingsForm({ initial }: { initial: MatchmakingSettings }) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const save = useSaveMatchmakingSettings();
  const fieldError = (path: string) =>
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((field) => field.path === path)?.message
      : undefined;
  const setWeight = (key: keyof MatchmakingSettings['weights'], value: string | number) =>
    setValues((current) => ({ ...current, weights: { ...current.weights, [key]: Number(value) || 0 } }));
  return (
    <Stack
      component="form"
      gap="md"
      maw={640}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Switch
        label={intl.formatMessage({ id: 'matchmaking.admin.settings.requireAuthorization' })}
        description={intl.formatMessage({ id: 'matchmaking.admin.settings.requireAuthorizationHint' })}
        checked={values.requireCaseManagerAuthorization}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setValues((current) => ({ ...current, requireCaseManagerAuthorization: checked }));
        }}
      />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <FormattedMessage id="matchmaking.admin.settings.weightsTitle" />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="matchmaking.admin.settings.weightsHint" />
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {fitFactors.map((factor) => (
              <NumberInput
                key={factor}
                label={intl.formatMessage({ id: `matchmaking.admin.settings.weight.${factor}` })}
                min={0}
                max={100}
                allowDecimal={false}
                value={values.weights[factor]}
                onChange={(value) => setWeight(factor, value)}
                error={fieldError(`weights.${factor}`)}
              />
            ))}
            <NumberInput
              label={intl.formatMessage({ id: 'matchmaking.admin.settings.maxDistanceKm' })}
              min={1}
              max={500}
              allowDecimal={false}
              value={values.weights.maxDistanceKm}
              onChange={(value) => setWeight('maxDistanceKm', value)}
              error={fieldError('weights.maxDistanceKm')}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      {save.error && <ApiErrorAlert error={save.error} />}
      {save.isSuccess && (
        <Alert color="teal" role="status">
          <FormattedMessage id="matchmaking.admin.settings.saved" />
        </Alert>
      )}
      <Button type="submit" w="fit-content" loading={save.isPending}>
        <FormattedMessage id="matchmaking.admin.settings.save" />
      </Button>
    </Stack>
  );
}

/** The settings tab: loads, then the form. */
export function MatchmakingSettingsTab() {
  const settings = useMatchmakingSettings();
  if (settings.error) return <ApiErrorAlert error={settings.error} />;
  if (!settings.data) return <PageLoader />;
  return <SettingsForm initial={settings.data} />;
}
