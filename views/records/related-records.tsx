// Records that reference this one, found in the registry (every ref field naming this model): for a property
// its partitions, areas, facilities and tenancies (tenants); for a facility its sub-facilities; and so on.
import { Classes, H5, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../src/i18n';
import { Link } from 'react-router';
import type { AnyEntity } from '../../src/entities/define';
import { entityList } from '../../src/entities/registry';
import { recordTitle, relatedRecordsQuery, type ApiRecord } from '../../src/api/records';
import { RefTitle } from '../../grids/ref-titles';
import { recordPath } from './model-paths';

const SHOWN = 10;
/** Which field names a related record best when its title is the reference back (tenancy → its tenant). */
const LABEL_FIELDS: Record<string, readonly string[]> = { tenancy: ['contact_uuid', 'partition_uuid'] };

interface Relation {
  entity: AnyEntity;
  field: string;
}

function relationsOf(entity: AnyEntity): Relation[] {
  return entityList.flatMap((other) =>
    Object.entries(other.fields)
      .filter(([, field]) => field.kind === 'ref' && field.model === entity.name)
      .map(([field]) => ({ entity: other, field })),
  );
}

function Label({ relation, record }: { relation: Relation; record: ApiRecord }) {
  const { t } = useTranslation();
  const labelField = LABEL_FIELDS[relation.entity.name]?.find((f) => f !== relation.field);
  const text = labelField ? null : recordTitle(relation.entity, record) || t('grid.untitled');
  const content =
    labelField && relation.entity.fields[labelField]?.kind === 'ref' ? (
      <RefTitle
        model={(relation.entity.fields[labelField] as { model: string }).model}
        uuid={record[labelField] as string}
      />
    ) : (
      text
    );
  const path = recordPath(relation.entity.name, record.uuid);
  return path ? <Link to={path}>{content}</Link> : <span>{content}</span>;
}

function RelatedList({ relation, uuid, model }: { relation: Relation; uuid: string; model: string }) {
  const { t } = useTranslation();
  const { entity, field } = relation;
  const query = useQuery(relatedRecordsQuery(entity, field, uuid, SHOWN));
  const total = query.data?.meta.total ?? query.data?.meta.total_at_least;
  // a model that refers here twice (a contract's giver and acceptor) names the field as well
  const twice = Object.values(entity.fields).filter((f) => f.kind === 'ref' && f.model === model).length > 1;
  const title =
    entity.tree?.parentField === field
      ? t('records.children')
      : twice
        ? `${t(`entities.${entity.name}.plural`)} (${t(`entities.${entity.name}.fields.${field}`)})`
        : t(`entities.${entity.name}.plural`);
  return (
    <section className="hw-related" aria-label={title}>
      <H5>
        {title}
        {total !== undefined && <span className={Classes.TEXT_MUTED}> ({total})</span>}
      </H5>
      {query.isPending ? (
        <Spinner size={16} />
      ) : query.data?.data.length ? (
        <ul>
          {query.data.data.map((record) => (
            <li key={record.uuid}>
              <Label relation={relation} record={record} />
            </li>
          ))}
          {total !== undefined && total > SHOWN && (
            <li className={Classes.TEXT_MUTED}>{t('records.andMore', { count: total - SHOWN })}</li>
          )}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('records.noRelated')}</p>
      )}
    </section>
  );
}

export function RelatedRecords({
  entity,
  uuid,
  omit = [],
}: {
  entity: AnyEntity;
  uuid: string;
  /** Models a drawer extension lists itself. */
  omit?: readonly string[];
}) {
  const relations = relationsOf(entity).filter((r) => !omit.includes(r.entity.name));
  if (!relations.length) return null;
  return (
    <div className="hw-related-records">
      {relations.map((relation) => (
        <RelatedList
          key={`${relation.entity.name}.${relation.field}`}
          relation={relation}
          uuid={uuid}
          model={entity.name}
        />
      ))}
    </div>
  );
}
