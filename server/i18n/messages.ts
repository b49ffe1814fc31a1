// Server-side texts (API messages, validation messages, e-mails) in the three product languages.
// The client translates its own screens; the server answers in the caller's language.
import type { Locale } from '../../src/entities/account';

const en = {
  'auth.failed': 'These credentials do not match our records.',
  'auth.throttle': 'Too many attempts. Please try again in {seconds} seconds.',
  'auth.logged_out': 'You have been signed out.',
  'auth.unauthenticated': 'Unauthenticated.',
  'auth.csrf': 'CSRF token mismatch.',
  'auth.forbidden': 'This action is unauthorized.',
  'auth.password_confirmation_required': 'Password confirmation required.',
  'auth.password_wrong': 'The provided password is incorrect.',
  'auth.two_factor_invalid': 'The provided two factor authentication code was invalid.',
  'auth.two_factor_no_pending': 'There is no sign-in waiting for a code. Please sign in again.',
  'auth.two_factor_enabled': 'Two-factor sign-in is enabled. Scan the QR code and confirm with a code.',
  'auth.two_factor_confirmed': 'Two-factor sign-in is confirmed.',
  'auth.two_factor_disabled': 'Two-factor sign-in is disabled.',
  'auth.two_factor_not_enabled': 'Two-factor sign-in is not enabled.',
  'auth.superuser_needs_2fa': 'Superusers must enable two-factor sign-in first.',
  'auth.token_loopback_only':
    'Tokens with credentials are issued on the server itself only; create one in your profile.',
  'auth.token_revoked': 'The token has been revoked.',
  'auth.registered': 'Your account has been created.',
  'auth.email_taken': 'This e-mail address is already registered.',
  'auth.passwords_mismatch': 'The password confirmation does not match.',
  'auth.reset_link_sent': 'If an account exists for this address, we have e-mailed a password reset link.',
  'auth.reset_done': 'Your password has been reset. Please sign in.',
  'auth.reset_invalid': 'This password reset link is invalid or has expired.',
  'auth.password_updated': 'Your password has been changed.',
  'auth.profile_updated': 'Your profile has been saved.',
  'auth.terms_accepted': 'Thank you for accepting the terms.',
  'auth.terms_version': 'This is not the current version of the terms.',
  'auth.verification_sent': 'A new verification link has been sent to your e-mail address.',
  'auth.already_verified': 'Your e-mail address is already verified.',
  'auth.delete_requested': 'We have e-mailed you a link to confirm the deletion of your account.',
  'auth.delete_confirmed': 'Your account will be deleted in 30 days. Signing in again keeps it.',
  'auth.delete_invalid': 'This confirmation link is invalid or has expired.',
  'invitation.accepted': 'You have joined {name}.',
  'invitation.refused': 'The invitation has been declined.',
  'settings_group.required': 'A settings group is required for this action.',
  'settings_group.two_factor_required': 'This settings group requires two-factor sign-in.',
  'notifications.deleted': 'The system notification has been deleted.',
  'notifications.marked_read': 'The system notification has been marked as read.',
  'errors.not_found': 'Not found.',
  'errors.conflict': 'The record has been changed by someone else in the meantime.',
  'errors.payload_too_large': 'The request is too large.',
  'errors.bad_request': 'The request could not be read.',
  'errors.malformed_json': 'The request body is not valid JSON.',
  'errors.server': 'An unexpected error occurred.',
  'errors.unavailable': 'The service is temporarily unavailable. Please try again shortly.',
  'errors.timeout': 'The request took too long.',
  'validation.summary': 'The given data was invalid.',
  'validation.summary_more': '{first} (and {count} more errors)',
  'validation.required': 'The {field} field is required.',
  'validation.string': 'The {field} field must be a text.',
  'validation.number': 'The {field} field must be a number.',
  'validation.integer': 'The {field} field must be a whole number.',
  'validation.boolean': 'The {field} field must be true or false.',
  'validation.array': 'The {field} field must be a list.',
  'validation.object': 'The {field} field must be an object.',
  'validation.type': 'The {field} field has the wrong type.',
  'validation.min_string': 'The {field} field must be at least {min} characters.',
  'validation.max_string': 'The {field} field must not be greater than {max} characters.',
  'validation.min_number': 'The {field} field must be at least {min}.',
  'validation.max_number': 'The {field} field must not be greater than {max}.',
  'validation.min_array': 'The {field} field must have at least {min} items.',
  'validation.max_array': 'The {field} field must not have more than {max} items.',
  'validation.email': 'The {field} field must be a valid e-mail address.',
  'validation.uuid': 'The {field} field must be a valid UUID.',
  'validation.format': 'The {field} field format is invalid.',
  'validation.in': 'The selected {field} is invalid.',
  'validation.accepted': 'The {field} field must be accepted.',
  'validation.unknown_field': 'The {field} field is not allowed.',
  'validation.datetime_format': 'The {field} field must have the format yyyy-MM-dd HH:mm:ss.',
  'validation.translation_required': 'At least one translation is required.',
  'validation.publish_until_before': 'The end of publication must be after its start.',
  'mail.greeting': 'Hello {name},',
  'mail.signature': 'Your Hauswerk team',
  'mail.ignore': 'If you did not ask for this, you can ignore this e-mail.',
  'mail.verify.subject': 'Verify your e-mail address',
  'mail.verify.intro': 'Please confirm your e-mail address by opening this link:',
  'mail.verify.action': 'Verify e-mail address',
  'mail.reset.subject': 'Reset your password',
  'mail.reset.intro': 'We received a request to reset the password of your account. The link is valid for 60 minutes.',
  'mail.reset.action': 'Reset password',
  'mail.delete.subject': 'Confirm the deletion of your account',
  'mail.delete.intro':
    'Please confirm that your account should be deleted. It is deleted 30 days after you confirm; signing in again within that time keeps it.',
  'mail.delete.action': 'Confirm deletion',
};

export type MessageKey = keyof typeof en;
type Catalog = Record<MessageKey, string>;

const de: Catalog = {
  'auth.failed': 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.',
  'auth.throttle': 'Zu viele Versuche. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
  'auth.logged_out': 'Sie wurden abgemeldet.',
  'auth.unauthenticated': 'Nicht angemeldet.',
  'auth.csrf': 'CSRF-Token stimmt nicht überein.',
  'auth.forbidden': 'Diese Aktion ist nicht erlaubt.',
  'auth.password_confirmation_required': 'Bitte bestätigen Sie Ihr Passwort.',
  'auth.password_wrong': 'Das Passwort ist falsch.',
  'auth.two_factor_invalid': 'Der Code für die Zwei-Faktor-Anmeldung ist ungültig.',
  'auth.two_factor_no_pending': 'Keine Anmeldung wartet auf einen Code. Bitte melden Sie sich erneut an.',
  'auth.two_factor_enabled':
    'Die Zwei-Faktor-Anmeldung ist eingeschaltet. Scannen Sie den QR-Code und bestätigen Sie mit einem Code.',
  'auth.two_factor_confirmed': 'Die Zwei-Faktor-Anmeldung ist bestätigt.',
  'auth.two_factor_disabled': 'Die Zwei-Faktor-Anmeldung ist ausgeschaltet.',
  'auth.two_factor_not_enabled': 'Die Zwei-Faktor-Anmeldung ist nicht eingeschaltet.',
  'auth.superuser_needs_2fa': 'Superuser müssen zuerst die Zwei-Faktor-Anmeldung einschalten.',
  'auth.token_loopback_only':
    'Tokens mit Zugangsdaten werden nur auf dem Server selbst ausgegeben; erstellen Sie eines im Profil.',
  'auth.token_revoked': 'Das Token wurde widerrufen.',
  'auth.registered': 'Ihr Konto wurde erstellt.',
  'auth.email_taken': 'Diese E-Mail-Adresse ist bereits registriert.',
  'auth.passwords_mismatch': 'Die Passwortbestätigung stimmt nicht überein.',
  'auth.reset_link_sent':
    'Falls ein Konto mit dieser Adresse existiert, haben wir einen Link zum Zurücksetzen gesendet.',
  'auth.reset_done': 'Ihr Passwort wurde zurückgesetzt. Bitte melden Sie sich an.',
  'auth.reset_invalid': 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
  'auth.password_updated': 'Ihr Passwort wurde geändert.',
  'auth.profile_updated': 'Ihr Profil wurde gespeichert.',
  'auth.terms_accepted': 'Danke, dass Sie die Nutzungsbedingungen akzeptiert haben.',
  'auth.terms_version': 'Dies ist nicht die aktuelle Version der Nutzungsbedingungen.',
  'auth.verification_sent': 'Ein neuer Bestätigungslink wurde an Ihre E-Mail-Adresse gesendet.',
  'auth.already_verified': 'Ihre E-Mail-Adresse ist bereits bestätigt.',
  'auth.delete_requested': 'Wir haben Ihnen einen Link zur Bestätigung der Kontolöschung gesendet.',
  'auth.delete_confirmed': 'Ihr Konto wird in 30 Tagen gelöscht. Eine erneute Anmeldung behält es.',
  'auth.delete_invalid': 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
  'invitation.accepted': 'Sie sind {name} beigetreten.',
  'invitation.refused': 'Die Einladung wurde abgelehnt.',
  'settings_group.required': 'Für diese Aktion ist eine Einstellungsgruppe erforderlich.',
  'settings_group.two_factor_required': 'Diese Einstellungsgruppe verlangt die Zwei-Faktor-Anmeldung.',
  'notifications.deleted': 'Die Systemmeldung wurde gelöscht.',
  'notifications.marked_read': 'Die Systemmeldung wurde als gelesen markiert.',
  'errors.not_found': 'Nicht gefunden.',
  'errors.conflict': 'Der Datensatz wurde inzwischen von jemand anderem geändert.',
  'errors.payload_too_large': 'Die Anfrage ist zu gross.',
  'errors.bad_request': 'Die Anfrage konnte nicht gelesen werden.',
  'errors.malformed_json': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  'errors.server': 'Ein unerwarteter Fehler ist aufgetreten.',
  'errors.unavailable': 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
  'errors.timeout': 'Die Anfrage hat zu lange gedauert.',
  'validation.summary': 'Die Eingaben sind ungültig.',
  'validation.summary_more': '{first} (und {count} weitere Fehler)',
  'validation.required': 'Das Feld {field} ist erforderlich.',
  'validation.string': 'Das Feld {field} muss ein Text sein.',
  'validation.number': 'Das Feld {field} muss eine Zahl sein.',
  'validation.integer': 'Das Feld {field} muss eine ganze Zahl sein.',
  'validation.boolean': 'Das Feld {field} muss wahr oder falsch sein.',
  'validation.array': 'Das Feld {field} muss eine Liste sein.',
  'validation.object': 'Das Feld {field} muss ein Objekt sein.',
  'validation.type': 'Das Feld {field} hat den falschen Typ.',
  'validation.min_string': 'Das Feld {field} muss mindestens {min} Zeichen lang sein.',
  'validation.max_string': 'Das Feld {field} darf höchstens {max} Zeichen lang sein.',
  'validation.min_number': 'Das Feld {field} muss mindestens {min} sein.',
  'validation.max_number': 'Das Feld {field} darf höchstens {max} sein.',
  'validation.min_array': 'Das Feld {field} muss mindestens {min} Einträge haben.',
  'validation.max_array': 'Das Feld {field} darf höchstens {max} Einträge haben.',
  'validation.email': 'Das Feld {field} muss eine gültige E-Mail-Adresse sein.',
  'validation.uuid': 'Das Feld {field} muss eine gültige UUID sein.',
  'validation.format': 'Das Format des Feldes {field} ist ungültig.',
  'validation.in': 'Der gewählte Wert für {field} ist ungültig.',
  'validation.accepted': 'Das Feld {field} muss akzeptiert werden.',
  'validation.unknown_field': 'Das Feld {field} ist nicht erlaubt.',
  'validation.datetime_format': 'Das Feld {field} muss das Format yyyy-MM-dd HH:mm:ss haben.',
  'validation.translation_required': 'Mindestens eine Übersetzung ist erforderlich.',
  'validation.publish_until_before': 'Das Ende der Veröffentlichung muss nach ihrem Beginn liegen.',
  'mail.greeting': 'Guten Tag {name}',
  'mail.signature': 'Ihr Hauswerk-Team',
  'mail.ignore': 'Falls Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
  'mail.verify.subject': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'mail.verify.intro': 'Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Link:',
  'mail.verify.action': 'E-Mail-Adresse bestätigen',
  'mail.reset.subject': 'Passwort zurücksetzen',
  'mail.reset.intro':
    'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos zurückzusetzen. Der Link ist 60 Minuten gültig.',
  'mail.reset.action': 'Passwort zurücksetzen',
  'mail.delete.subject': 'Bestätigen Sie die Löschung Ihres Kontos',
  'mail.delete.intro':
    'Bitte bestätigen Sie, dass Ihr Konto gelöscht werden soll. Es wird 30 Tage nach der Bestätigung gelöscht; eine erneute Anmeldung in dieser Zeit behält es.',
  'mail.delete.action': 'Löschung bestätigen',
};

// Swiss German: the same texts without ß.
const deCh: Catalog = Object.fromEntries(Object.entries(de).map(([k, v]) => [k, v.replace(/ß/g, 'ss')])) as Catalog;

const catalogs: Record<Locale, Catalog> = { 'en-us': en, de, 'de-ch': deCh };

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = catalogs[locale][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (_, p: string) => String(params[p] ?? `{${p}}`));
}

/** Picks the caller's language from an Accept-Language header (the signed-in user's setting wins elsewhere). */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'en-us';
  for (const part of header.toLowerCase().split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (tag === 'de-ch') return 'de-ch';
    if (tag.startsWith('de')) return 'de';
    if (tag.startsWith('en')) return 'en-us';
  }
  return 'en-us';
}
