/**
 * The otpauth:// enrolment link as a QR code (library `qrcode`, rendered to an SVG data URL locally:
 * the secret never leaves the browser). Medium error correction; 200 px. While it renders, the space is
 * kept so the page does not jump.
 */
import { useEffect, useState } from 'react';
import { Box } from '@mantine/core';
import { useIntl } from 'react-intl';
import QRCode from 'qrcode';

const SIZE = 200;

export function TotpQr({ uri }: { uri: string }) {
  const intl = useIntl();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // The key and the link stay on the page as text: enrolment works without the picture.
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box w={SIZE} h={SIZE} bg="white" style={{ flexShrink: 0 }}>
      {src && (
        <img
          src={src}
          width={SIZE}
          height={SIZE}
          alt={intl.formatMessage({ id: 'auth.mfa.qrAlt' })}
          data-testid="totp-qr"
        />
      )}
    </Box>
  );
}
