/**
 * The email a campaign recipient gets (docs/campaigns.md): the admin's plain-text message (escaped into the HTML
 * version, line breaks kept), then the recipient's personal dashboard link and when it stops working. The sender is
 * `"From Name" <from@email>` when the campaign names one, else the server's default sender (config MAIL_FROM).
 */

/** What one campaign email is made of. */
export interface CampaignEmailInput {
  subject: string;
  fromEmail: string | null;
  fromName: string | null;
  customMessage: string | null;
  recipientName: string | null;
  /** The personal dashboard link (a secret: the outbox stores it redacted). */
  link: string;
  linkExpires: Date;
}

/** The rendered email: sender (undefined: the default), subject, plain text and HTML. */
export interface CampaignEmail {
  from: string | undefined;
  subject: string;
  text: string;
  html: string;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `value` with the five HTML-special characters escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] as string);
}

/** The `From` header of a campaign: `"Name" <email>`, `<email>` alone, or undefined (the default sender). */
export function campaignFrom(
  fromEmail: string | null,
  fromName: string | null,
  defaultFrom: string,
): string | undefined {
  const name = fromName?.replace(/["<>\r\n\\]/g, '').trim();
  if (fromEmail) return name ? `"${name}" <${fromEmail}>` : fromEmail;
  if (!name) return undefined;
  // A name alone keeps the default address: `"Name" <default address>`.
  const address = /<([^>]+)>/.exec(defaultFrom)?.[1] ?? defaultFrom.trim();
  return `"${name}" <${address}>`;
}

/** The expiry as people read it, e.g. "December 28, 2026" (UTC date, English). */
function expiryDate(expires: Date): string {
  return expires.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Renders one campaign email (see the file comment). `defaultFrom`: config MAIL_FROM. */
export function renderCampaignEmail(input: CampaignEmailInput, defaultFrom: string): CampaignEmail {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const message = input.customMessage?.trim() ?? '';
  const until = expiryDate(input.linkExpires);
  const linkLines = [
    'Your personal dashboard link (it opens your own caseload; please do not forward it):',
    input.link,
    `The link works once to start a session, until ${until}. When it has been used or has expired, the page it opens lets you ask for a new one.`,
  ];
  const text = [greeting, '', ...(message ? [message, ''] : []), ...linkLines].join('\n');
  const paragraphs = message
    ? message
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join('\n')
    : '';
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    paragraphs,
    `<p>${escapeHtml(linkLines[0] as string)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">Open my dashboard</a></p>`,
    `<p>${escapeHtml(linkLines[2] as string)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    from: campaignFrom(input.fromEmail, input.fromName, defaultFrom),
    subject: input.subject,
    text,
    html,
  };
}
