// The class that draws a calendar kind in its colour (calendar.css): a static kind's own, and for a date attribute
// one of the attribute tones, derived from the attribute (docs/domain/attributes.md, "In the deadline calendar").
import { attributeOfKind, isAttributeKind, type AttributeKindName } from '../../src/domain/calendar-kinds';

/** How many attribute tones calendar.css has (`hw-cal-attr-tone-0` …). */
export const ATTRIBUTE_TONES = 4;

/** An attribute kind's tone: derived from the attribute's uuid, so it stays the same for everyone. */
export function attributeTone(kind: AttributeKindName): number {
  const uuid = attributeOfKind(kind).replaceAll('-', '');
  let sum = 0;
  for (const ch of uuid) sum = (sum * 31 + parseInt(ch, 16)) % 9973;
  return sum % ATTRIBUTE_TONES;
}

/** The classes that give an entry, a switch or a sample its kind's colour. */
export function kindClasses(kind: string): string[] {
  return isAttributeKind(kind)
    ? ['hw-cal-kind-attribute', `hw-cal-attr-tone-${attributeTone(kind)}`]
    : [`hw-cal-kind-${kind}`];
}
export const kindClass = (kind: string) => kindClasses(kind).join(' ');
