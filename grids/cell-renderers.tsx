// Cell renderers: the title with an "open" button, referenced records by title, the status tag. Memoised by
// AG Grid per cell; they read shared state from the grid context.
import { Button, Intent, Tag } from '@blueprintjs/core';
import { Maximize } from '@blueprintjs/icons';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useTranslation } from '../src/i18n';
import type { RendererName } from './define-grid';
import type { GridContext } from './grid-context';
import type { ApiRecord } from './records-api';
import { RefTitle } from './ref-titles';

type Props = CustomCellRendererProps<ApiRecord, unknown, GridContext>;

export function TitleCell(props: Props) {
  const { t } = useTranslation();
  const { data, context, valueFormatted, value } = props;
  if (!data) return null;
  const text = valueFormatted ?? (value === null || value === undefined ? '' : String(value));
  return (
    <span className="hw-grid-title-cell">
      <span className="hw-grid-title-text">{text}</span>
      <Button
        variant="minimal"
        size="small"
        icon={<Maximize size={12} />}
        aria-label={t('grid.openRecord', { title: text })}
        title={t('grid.openRecord', { title: text })}
        tabIndex={-1}
        onClick={(event) => {
          event.stopPropagation();
          context.openRecord(data);
        }}
      />
    </span>
  );
}

export function RefCell(props: Props & { model: string }) {
  const { value, model } = props;
  return typeof value === 'string' && value ? <RefTitle model={model} uuid={value} /> : null;
}

export function StatusTagCell(props: Props) {
  const { value, valueFormatted, context } = props;
  if (value === null || value === undefined || value === '') return null;
  const active = context.entity.status?.active.includes(String(value));
  return (
    <Tag minimal round intent={active ? Intent.SUCCESS : Intent.NONE}>
      {valueFormatted ?? String(value)}
    </Tag>
  );
}

/** The renderers a grid definition may name. */
export const NAMED_RENDERERS = { statusTag: StatusTagCell } satisfies Record<RendererName, (p: Props) => unknown>;
