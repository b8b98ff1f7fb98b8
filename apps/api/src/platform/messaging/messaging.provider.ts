/**
 * Provider interfaces for outbound messages (DOMAIN.md "Outbound messages"): the messaging service
 * talks only to these, so SMTP, a Twilio-compatible HTTP API, or a test fake are interchangeable.
 * With no provider configured the service records messages in the outbox only.
 */

/** Names of real providers; stored in `outbox_message.provider` (`outbox` means none). */
export type MessageProviderName = 'smtp' | 'twilio';

export interface EmailMessage {
  /** Recipient address, e.g. `jo@example.org`. */
  to: string;
  /** Sender address, e.g. `Tend <no-reply@example.org>`. */
  from: string;
  subject: string;
  /** Plain-text body (always sent). */
  text: string;
  /** Optional HTML alternative. */
  html?: string | undefined;
}

export interface SmsMessage {
  /** Recipient phone number in E.164 form, e.g. `+15035550100`. */
  to: string;
  body: string;
}

/** Result of a successful send: the provider's own id for the message, when it returns one. */
export interface ProviderSendResult {
  providerMessageId: string | null;
}

export interface EmailProvider {
  readonly name: MessageProviderName;
  /** Sends one email. Resolves once the provider accepted it; rejects with the provider's error. */
  send(message: EmailMessage): Promise<ProviderSendResult>;
}

export interface SmsProvider {
  readonly name: MessageProviderName;
  /** The sending number, when the provider has a fixed one (recorded as the outbox row's sender). */
  readonly from?: string | undefined;
  /** Sends one SMS. Resolves once the provider accepted it; rejects with the provider's error. */
  send(message: SmsMessage): Promise<ProviderSendResult>;
}
