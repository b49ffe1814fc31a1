// The mails a settings group may word itself (docs/domain/email-templates.md): each with the fixed list of
// placeholders its template may use, and the rendering of a template's text (placeholders replaced, nothing else
// interpreted) and of its HTML (every text and value escaped; the link, built by the server, the only markup).
// No React, no SQL, no I/O: the server renders mails with it, the settings page lists the placeholders.

/** The placeholders of each mail, in the order the editor lists them. `link` is the mail's action link. */
export const MAIL_PLACEHOLDERS = {
  invitation: ['group', 'inviter', 'date', 'link'],
  order: ['name', 'title', 'sender', 'link'],
  guarantee: ['name', 'title', 'property', 'guarantor', 'date', 'days', 'link'],
  property_delete: ['name', 'property', 'group', 'link'],
  task: ['name', 'title', 'property', 'facility', 'date', 'days', 'link'],
} as const satisfies Record<string, readonly string[]>;

export type MailKey = keyof typeof MAIL_PLACEHOLDERS;

/**
 * The account mails (docs/domain/email-templates.md, "Account mails"): a person's own, worded by superusers for
 * everyone, never by a settings group; their built-in text names the recipient and the link only.
 */
export const ACCOUNT_MAIL_PLACEHOLDERS = {
  verify: ['name', 'link'],
  reset: ['name', 'link'],
  delete: ['name', 'link'],
  unlock: ['name', 'link'],
} as const satisfies Record<string, readonly string[]>;

export type AccountMailKey = keyof typeof ACCOUNT_MAIL_PLACEHOLDERS;
export const ACCOUNT_MAIL_KEYS = Object.keys(ACCOUNT_MAIL_PLACEHOLDERS) as AccountMailKey[];

/** The model of the record a preview of each mail is rendered with (docs/domain/email-templates.md, "Preview"); an
 * invitation takes its values from the settings group and the admin, without a record. */
export const MAIL_RECORD: Record<MailKey, string | null> = {
  invitation: null,
  order: 'order',
  guarantee: 'guarantee',
  property_delete: 'property',
  task: 'task_event',
};
export const MAIL_KEYS = Object.keys(MAIL_PLACEHOLDERS) as MailKey[];
export type MailValues = Record<string, string>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names, in order, each once. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** The first placeholder of `text` that is not among the mail's `known` ones, else null. */
export function unknownPlaceholder(known: readonly string[], text: string): string | null {
  return placeholdersIn(text).find((name) => !known.includes(name)) ?? null;
}

/** A template's text with its placeholders replaced by the values (plain text: subject and text part). */
export const renderText = (text: string, values: MailValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A template's body as HTML: paragraphs at blank lines, line breaks kept; what the admin wrote and every value are
 * escaped (a `<script>` in a template arrives as text); `{{link}}` becomes a link to the server's URL.
 */
export function renderHtml(body: string, values: MailValues): string {
  const line = (text: string) => {
    let html = '';
    let at = 0;
    for (const m of text.matchAll(PLACEHOLDER)) {
      html += escapeHtml(text.slice(at, m.index));
      const name = m[1]!;
      const value = Object.hasOwn(values, name) ? values[name]! : m[0];
      html +=
        name === 'link' && value !== m[0]
          ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
          : escapeHtml(value);
      at = m.index + m[0].length;
    }
    return html + escapeHtml(text.slice(at));
  };
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${p.split('\n').map(line).join('<br>')}</p>`)
    .join('\n');
}

/** Values a preview renders a template with (docs/domain/email-templates.md, "Preview"). */
export const SAMPLE_VALUES: Record<MailKey, MailValues> = {
  invitation: {
    group: 'Demo Immobilien AG',
    inviter: 'Anna Muster',
    date: '31.12.2026',
    link: 'https://example.com/invitations/…',
  },
  order: {
    name: 'Sanitär Huber AG',
    title: 'Pumpe ersetzen',
    sender: 'Demo Immobilien AG',
    link: 'https://example.com/public/order/…',
  },
  guarantee: {
    name: 'Anna Muster',
    title: 'Heizkessel',
    property: 'Seestrasse 1',
    guarantor: 'Heizung AG',
    date: '31.12.2026',
    days: '30',
    link: 'https://example.com/guarantees/…',
  },
  property_delete: {
    name: 'Anna',
    property: 'Seestrasse 1',
    group: 'Demo Immobilien AG',
    link: 'https://example.com/property-delete-requests/confirm/…',
  },
  task: {
    name: 'Anna Muster',
    title: 'Sprinkleranlage prüfen',
    property: 'Seestrasse 1',
    facility: 'Sprinkleranlage',
    date: '31.12.2026',
    days: '7',
    link: 'https://example.com/tasks/…',
  },
};
