/**
 * A caregiver's card as families see it (issue 21 "Verification and privacy"; contracts `caregiverCard`): photo,
 * first name and last initial, city, availability, languages, experience, specialties, certifications, whether they
 * drive, verification, the last background check and when it expires, and the bio. Shows only what the card holds,
 * so nothing private can appear here.
 */
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconUser } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaregiverCard } from '@tend/contracts';

const dayOf = (date: string) => `${date.slice(0, 10)}T12:00:00Z`;

/** "Rosa Q." — first name and last initial. */
export const cardName = (card: Pick<CaregiverCard, 'firstName' | 'lastInitial'>) =>
  card.lastInitial ? `${card.firstName} ${card.lastInitial}.` : card.firstName;

function Line({ labelId, value }: { labelId: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600} size="sm" mr={4}>
        <FormattedMessage id={labelId} />
      </Text>
      {value}
    </Text>
  );
}

/** Languages, experience, specialties, certifications, driving and the background check of `card`. */
function CardDetails({ card }: { card: CaregiverCard }) {
  const intl = useIntl();
  const date = (value: string) => intl.formatDate(dayOf(value), { dateStyle: 'medium', timeZone: 'UTC' });
  const none = intl.formatMessage({ id: 'matchmaking.caregiver.card.none' });
  const listOf = (values: string[]) => (values.length ? intl.formatList(values) : none);
  return (
    <>
      <Line labelId="matchmaking.caregiver.card.languages" value={listOf(card.languages)} />
      <Line
        labelId="matchmaking.caregiver.card.experience"
        value={
          card.experienceYears === null
            ? none
            : intl.formatMessage({ id: 'matchmaking.caregiver.card.years' }, { count: card.experienceYears })
        }
      />
      <Line labelId="matchmaking.caregiver.card.specialties" value={listOf(card.specialties)} />
      <Line labelId="matchmaking.caregiver.card.certifications" value={listOf(card.certifications)} />
      <Line
        labelId="matchmaking.caregiver.card.drives"
        value={
          card.canDrive === null
            ? none
            : intl.formatMessage({
                id: card.canDrive ? 'matchmaking.caregiver.yes' : 'matchmaking.caregiver.no',
              })
        }
      />
      <Line
        labelId="matchmaking.caregiver.card.backgroundCheck"
        value={
          card.backgroundCheckedAt
            ? intl.formatMessage(
                { id: 'matchmaking.caregiver.card.checkedUntil' },
                {
                  checked: date(card.backgroundCheckedAt),
                  expires: card.backgroundCheckExpiresAt ? date(card.backgroundCheckExpiresAt) : none,
                },
              )
            : intl.formatMessage({ id: 'matchmaking.caregiver.card.noCheck' })
        }
      />
    </>
  );
}

export function CaregiverCardView({ card, bio }: { card: CaregiverCard; bio: string | null }) {
  const intl = useIntl();
  const date = (value: string) => intl.formatDate(dayOf(value), { dateStyle: 'medium', timeZone: 'UTC' });
  const place = [card.city, card.state].filter(Boolean).join(', ');
  const availability = card.availabilityStatus
    ? intl.formatMessage(
        { id: `matchmaking.caregiver.availability.${card.availabilityStatus}` },
        { date: card.availableFrom ? date(card.availableFrom) : '' },
      )
    : intl.formatMessage({ id: 'matchmaking.caregiver.availability.unknown' });
  return (
    <Card withBorder padding="md" radius="md" data-testid="caregiver-card">
      <Stack gap="sm">
        <Group wrap="nowrap" align="center">
          <Avatar
            src={card.photoUrl ? `${card.photoUrl}?w=160` : null}
            size={64}
            radius="xl"
            alt={intl.formatMessage({ id: 'matchmaking.caregiver.card.photo' }, { name: cardName(card) })}
          >
            <IconUser aria-hidden />
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="card-name">
              {cardName(card)}
            </Title>
            {place ? <Text size="sm">{place}</Text> : null}
          </Stack>
        </Group>
        <Group gap="xs">
          <Badge color={card.availabilityStatus === 'available' ? 'teal' : 'gray'} variant="light">
            {availability}
          </Badge>
          {card.verified ? (
            <Badge color="blue" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              <FormattedMessage id="matchmaking.caregiver.card.verified" />
            </Badge>
          ) : (
            <Badge color="gray" variant="outline">
              <FormattedMessage id="matchmaking.caregiver.card.notVerified" />
            </Badge>
          )}
        </Group>
        <CardDetails card={card} />
        <Stack gap={4}>
          <Text fw={600} size="sm">
            <FormattedMessage id="matchmaking.caregiver.card.about" />
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {bio ?? intl.formatMessage({ id: 'matchmaking.caregiver.card.noBio' })}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
