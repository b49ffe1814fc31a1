// A settings group's attributes (docs/domain/attributes.md) as fields of the record screens: each live attribute of
// the model becomes a field `attributes.<key>` of the kind its type maps to, so the grid (columns, sort, filter,
// inline edit, paste, fill), the drawer's form and the record page treat it as a field of the model. Its labels and
// its options' labels join the texts of the three languages under the model's fields and enums.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http } from '../../src/api/http';
import { i18n } from '../../src/i18n';
import type { AnyEntity } from '../../src/entities/define';
import { LANGUAGES } from '../../src/i18n/languages';
import {
  attributeField,
  attributeLabel,
  byAttributeOrder,
  isAttributeModel,
  optionLabel,
  type AttributeDef,
} from '../../src/domain/attributes';

export const attributeDefinitionsKey = ['attribute-definitions'] as const;

/** The live attributes of the caller's settings groups (every member reads them). */
export const attributeDefinitionsQuery = {
  queryKey: attributeDefinitionsKey,
  queryFn: () => http.get<AttributeDef[]>('attribute-definitions'),
  staleTime: 60_000,
};

/** The labels of the model's attributes and their options, as texts of every language. */
function registerLabels(model: string, defs: readonly AttributeDef[]) {
  for (const code of LANGUAGES) {
    for (const def of defs) {
      i18n.instance.addResource(code, 'entities', `${model}.fields.attributes.${def.key}`, attributeLabel(def, code));
      for (const o of def.options ?? [])
        i18n.instance.addResource(
          code,
          'enums',
          `${model}.attributes.${def.key}.${o.value}`,
          optionLabel(def, o.value, code),
        );
    }
  }
}

const augmented = new WeakMap<AnyEntity, WeakMap<readonly AttributeDef[], Map<string, AnyEntity>>>();

/** The model with its attributes as fields (the same model without any); one object per model and definitions. */
export function withAttributes(
  entity: AnyEntity,
  all: readonly AttributeDef[] | undefined,
  sg: string | null,
): AnyEntity {
  if (!all?.length || !isAttributeModel(entity.name)) return entity;
  let byDefs = augmented.get(entity);
  if (!byDefs) augmented.set(entity, (byDefs = new WeakMap()));
  let bySg = byDefs.get(all);
  if (!bySg) byDefs.set(all, (bySg = new Map()));
  const known = bySg.get(sg ?? '');
  if (known) return known;
  // one field per key: the selected settings group's attribute first, else the first of another
  const defs = new Map<string, AttributeDef>();
  for (const d of [...all].filter((d) => d.model === entity.name).sort(byAttributeOrder))
    if (!defs.has(d.key) || (sg && d.settings_group_uuid === sg)) defs.set(d.key, d);
  if (!defs.size) {
    bySg.set(sg ?? '', entity);
    return entity;
  }
  registerLabels(entity.name, [...defs.values()]);
  const out: AnyEntity = {
    ...entity,
    fields: {
      ...entity.fields,
      ...Object.fromEntries([...defs.values()].map((d) => [`attributes.${d.key}`, attributeField(d)])),
    },
  };
  bySg.set(sg ?? '', out);
  return out;
}

/** The keys of `entity`'s attribute fields, in their order. */
export const attributeFields = (entity: AnyEntity) =>
  Object.keys(entity.fields).filter((name) => name.startsWith('attributes.'));

/**
 * `entity` with the attributes of settings group `sg` (of all the caller's, without one) as fields, and whether they
 * are known yet (a grid lays its columns out once: it waits for them; a failed read shows the model's own fields).
 */
export function useAttributes(entity: AnyEntity, sg: string | null): { entity: AnyEntity; ready: boolean } {
  const enabled = isAttributeModel(entity.name);
  const query = useQuery({ ...attributeDefinitionsQuery, enabled });
  const augmentedEntity = useMemo(() => withAttributes(entity, query.data, sg), [entity, query.data, sg]);
  return { entity: augmentedEntity, ready: !enabled || !query.isPending };
}
