// Warnings of a write that went through (docs/domain/api.md, "Warnings"): `meta.warnings` is a list of
// `{ field, message }` on a single write and `{ "rows.N.field": [messages] }` on a bulk one. The HTTP client
// shows each distinct message once as a warning notice, whichever model and whichever path wrote (form, cell edit,
// paste, fill, bulk edit, record action, a panel's lines).

/** The distinct messages of a reply's `meta.warnings`, in their order; none when it has none. */
export function warningMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object' || !('meta' in body)) return [];
  const meta = (body as { meta: unknown }).meta;
  if (!meta || typeof meta !== 'object' || !('warnings' in meta)) return [];
  const warnings = (meta as { warnings: unknown }).warnings;
  const messages: unknown[] = Array.isArray(warnings)
    ? warnings.map((w) => (w && typeof w === 'object' && 'message' in w ? (w as { message: unknown }).message : w))
    : warnings && typeof warnings === 'object'
      ? Object.values(warnings).flat()
      : [];
  return [...new Set(messages.filter((m): m is string => typeof m === 'string' && m !== ''))];
}
