// One record on the mobile card list: title, status tag and the fields the user chose.
import { Card, Classes, H4, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from '../../src/i18n';
import { fieldRefOf, headerOf } from '../../grids/field-refs';
import type { GridDefinition } from '../../grids/define-grid';
import { formatValue } from '../../grids/format-value';
import { recordTitle, type ApiRecord } from '../../src/api/records';
import { RefTitle } from '../../grids/ref-titles';
import { useGridFormat } from '../../grids/use-grid-format';

interface Props {
  grid: GridDefinition;
  record: ApiRecord;
  fields: readonly string[];
  onOpen: (record: ApiRecord) => void;
}

export function RecordCard({ grid, record, fields, onOpen }: Props) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const { entity } = grid;
  // a title that is not text (a task event's due date) shows in the user's format, as in the grid
  const titleRef = fieldRefOf(grid, entity.titleField);
  const title =
    titleRef && titleRef.field.kind !== 'text'
      ? formatValue(record[entity.titleField], titleRef, format, record)
      : recordTitle(entity, record);
  return (
    <Card interactive compact onClick={() => onOpen(record)} className="hw-record-card">
      <div className="hw-record-card-head">
        <H4>{title || t('grid.untitled')}</H4>
        {entity.status && (
          <Tag
            minimal
            round
            intent={entity.status.active.includes(String(record[entity.status.field])) ? Intent.SUCCESS : Intent.NONE}
          >
            {t(`enums.${entity.name}.${entity.status.field}.${String(record[entity.status.field])}`)}
          </Tag>
        )}
      </div>
      <dl className="hw-record-card-fields">
        {fields.map((name) => {
          const ref = fieldRefOf(grid, name);
          if (!ref) return null;
          const value = record[name];
          return (
            <div key={name}>
              <dt className={Classes.TEXT_MUTED}>{headerOf(t, entity.name, name)}</dt>
              <dd>
                {ref.field.kind === 'ref' ? (
                  <RefTitle model={ref.field.model} uuid={typeof value === 'string' ? value : null} />
                ) : (
                  formatValue(value, ref, format, record)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}
