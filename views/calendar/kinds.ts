// The calendar's kinds as the screen shows them (docs/domain/planning.md, "Deadline calendar"): the static kinds of
// src/domain/calendar-kinds.ts with their labels and colours, and the settings group's calendar date attributes
// (docs/domain/attributes.md, "In the deadline calendar"), each a kind labelled by the attribute in the reader's
// language and drawn in one of the attribute tones (kind-class.ts).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { attributeLabel, type AttributeDef } from '../../src/domain/attributes';
import {
  attributeKind,
  isAttributeKind,
  isCalendarAttribute,
  type AttributeKindName,
  type CalendarKind,
} from '../../src/domain/calendar-kinds';
import { useTranslation } from '../../src/i18n';
import { attributeDefinitionsQuery } from '../records/attributes';

/** The calendar date attributes the caller reads, of the selected settings group (all of theirs without one). */
export function useAttributeKinds(settingsGroupUuid: string | null): {
  kinds: readonly AttributeKindName[];
  loading: boolean;
} {
  const query = useQuery(attributeDefinitionsQuery);
  const kinds = useMemo(
    () =>
      (query.data ?? [])
        .filter((d) => isCalendarAttribute(d) && (!settingsGroupUuid || d.settings_group_uuid === settingsGroupUuid))
        .map((d) => attributeKind(String(d.uuid))),
    [query.data, settingsGroupUuid],
  );
  // a request that waits for the network (offline) does not hold the calendar up
  return { kinds, loading: query.isPending && query.fetchStatus === 'fetching' };
}

/** A kind's label: a static kind's text, an attribute's label in the reader's language. */
export function useKindLabel(): (kind: CalendarKind) => string {
  const { t, i18n } = useTranslation();
  const query = useQuery(attributeDefinitionsQuery);
  const byKind = useMemo(
    () =>
      new Map<string, AttributeDef>(
        (query.data ?? []).filter(isCalendarAttribute).map((d) => [attributeKind(String(d.uuid)), d]),
      ),
    [query.data],
  );
  const language = i18n.language;
  return useCallback(
    (kind: CalendarKind) => {
      if (!isAttributeKind(kind)) return t(`calendar.kinds.${kind}`);
      const def = byKind.get(kind);
      return def ? attributeLabel(def, language) : t('calendar.kinds.attribute');
    },
    [t, byKind, language],
  );
}
