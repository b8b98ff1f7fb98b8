/**
 * "Use my phone instead" (issue 21 "continue a photo or video upload from a phone via a short-lived link/QR code";
 * decision 0055): makes a mobile-upload link for one purpose and listing, draws its QR code here (the `qrcode`
 * package; nothing from another host), shows the link to copy and when it expires, and polls until the phone's upload
 * arrived; then calls `onArrived` so the page shows the new photo or video.
 */
import { Alert, Button, Card, CopyButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconDeviceMobile } from '@tabler/icons-react';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MobileUploadLink, MobileUploadPurpose } from '@tend/contracts';
import { useCreateMobileUploadLink, useMobileUploadLinkStatus } from '../api/media.ts';

export interface PhotoMobileLinkProps {
  purpose: MobileUploadPurpose;
  profileId: string;
  onArrived: () => void;
}

/** The QR code of `url` as a data URL (drawn in the browser), or null while it is drawn. */
function useQrCode(url: string): string | null {
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  useEffect(() => {
    let live = true;
    void toDataURL(url, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then((image) => {
      if (live) setQr({ url, image });
    });
    return () => {
      live = false;
    };
  }, [url]);
  return qr?.url === url ? qr.image : null;
}

/** The waiting link: QR code, the link to copy, and until when it works. */
function WaitingLink({ link }: { link: MobileUploadLink }) {
  const intl = useIntl();
  const qr = useQrCode(link.url);
  const time = intl.formatTime(new Date(link.expiresAt), { hour: 'numeric', minute: '2-digit' });
  return (
    <>
      <Text size="sm">{intl.formatMessage({ id: 'matchmaking.media.mobile.scan' })}</Text>
      {qr && (
        <Image src={qr} alt={intl.formatMessage({ id: 'matchmaking.media.mobile.qrAlt' })} w={200} h={200} />
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={intl.formatMessage({ id: 'matchmaking.media.mobile.linkLabel' })}
          value={link.url}
          readOnly
          style={{ flex: 1, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="mobile-link-url"
        />
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {intl.formatMessage({
                id: copied ? 'matchmaking.media.mobile.copied' : 'matchmaking.media.mobile.copy',
              })}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {intl.formatMessage({ id: 'matchmaking.media.mobile.waiting' }, { time })}
      </Text>
    </>
  );
}

export function PhotoMobileLink({ purpose, profileId, onArrived }: PhotoMobileLinkProps) {
  const intl = useIntl();
  const create = useCreateMobileUploadLink();
  const link = create.data ?? null;
  const status = useMobileUploadLinkStatus(link?.id ?? null, onArrived);
  const arrived = status.data?.status === 'used';
  const expired = status.data?.status === 'expired';
  const start = () => create.mutate({ purpose, profileId });

  if (!link) {
    return (
      <Button
        variant="default"
        leftSection={<IconDeviceMobile size={18} aria-hidden />}
        onClick={start}
        loading={create.isPending}
        h="auto"
        mih={36}
        py={6}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      >
        {intl.formatMessage({
          id: `matchmaking.media.mobile.start.${purpose === 'caregiver-video' ? 'video' : 'photo'}`,
        })}
      </Button>
    );
  }
  return (
    <Card withBorder padding="sm" data-testid="mobile-link">
      <Stack gap="xs">
        {arrived && (
          <Alert color="green" icon={<IconCheck size={18} aria-hidden />} role="status">
            {intl.formatMessage({ id: 'matchmaking.media.mobile.arrived' })}
          </Alert>
        )}
        {expired && (
          <Alert color="yellow" role="status">
            {intl.formatMessage({ id: 'matchmaking.media.mobile.expired' })}
          </Alert>
        )}
        {!arrived && !expired && <WaitingLink link={link} />}
        {(arrived || expired) && (
          <Button variant="subtle" onClick={start} style={{ alignSelf: 'flex-start' }}>
            {intl.formatMessage({ id: 'matchmaking.media.mobile.again' })}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
