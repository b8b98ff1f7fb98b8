/** Email over SMTP with nodemailer (DOMAIN.md "Outbound messages": SMTP is a real provider). */
import nodemailer from 'nodemailer';
import type { EmailProvider } from './messaging.provider.ts';

export interface SmtpProviderOptions {
  /**
   * SMTP connection URL, e.g. `smtp://user:pass@mail.example.org:587` (STARTTLS when offered) or
   * `smtps://user:pass@mail.example.org:465` (implicit TLS). Percent-encode special characters in the
   * user name and password. Query parameters are nodemailer transport options (`?pool=true`).
   */
  url: string;
}

export interface SmtpProvider extends EmailProvider {
  readonly name: 'smtp';
  /** Closes pooled connections (a no-op for the default one-connection-per-message transport). */
  close(): void;
}

/**
 * Creates an {@link EmailProvider} that sends through the SMTP server at `options.url`.
 * `send` resolves `{ providerMessageId }` with the Message-ID nodemailer generated (e.g.
 * `<uuid@example.org>`), once the server accepted the message for every recipient; it rejects with
 * nodemailer's error (connection, authentication or recipient refused; its message never holds the
 * password). Creating the provider opens no connection, so a bad host shows up on the first send.
 */
export function createSmtpProvider(options: SmtpProviderOptions): SmtpProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        to: message.to,
        from: message.from,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      const messageId: unknown = info.messageId;
      return { providerMessageId: typeof messageId === 'string' && messageId !== '' ? messageId : null };
    },
    close() {
      transport.close();
    },
  };
}
