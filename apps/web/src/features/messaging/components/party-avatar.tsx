/**
 * The other side's photo (or initials) with a green dot while they are online (issue 22 presence). Decorative: the
 * name and "online" are written beside it (`PresenceText`), so it is hidden from assistive tech.
 */
import { Avatar, Indicator, VisuallyHidden } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { ConversationParty } from '@tend/contracts';
import { partyInitials } from '../lib/thread.ts';

export function PartyAvatar({ party, size = 44 }: { party: ConversationParty; size?: number }) {
  return (
    <div aria-hidden style={{ flexShrink: 0 }}>
      <Indicator
        color="green"
        position="bottom-end"
        offset={6}
        size={12}
        withBorder
        disabled={!party.online}
        data-testid={party.online ? 'online-dot' : undefined}
      >
        <Avatar src={party.photoUrl} alt="" size={size} radius="xl" color="teal">
          {partyInitials(party)}
        </Avatar>
      </Indicator>
    </div>
  );
}

/** "online" for assistive tech (the dot says it visually). */
export function PresenceText({ party }: { party: ConversationParty }) {
  return party.online ? (
    <VisuallyHidden>
      <FormattedMessage id="messaging.presence.online" />
    </VisuallyHidden>
  ) : null;
}
