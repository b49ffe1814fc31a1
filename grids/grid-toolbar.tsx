// The grid's toolbar: quick search (debounced by the caller), status limiter, archived toggle, clearing column
// filters, saved views, import and export, the column chooser, the shortcut sheet and "New".
import {
  Button,
  ButtonGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  PopoverNext,
  Switch,
} from '@blueprintjs/core';
import { CaretDown, FilterRemove, KeyCommand, Plus, Search } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../src/i18n';
import type { StatusLimiter } from './list-query';

interface Props {
  search: string;
  onSearch: (value: string) => void;
  statusLimiter: StatusLimiter | null;
  onStatusLimiter: (value: StatusLimiter) => void;
  archived: boolean;
  onArchived: (value: boolean) => void;
  filtered: boolean;
  onClearFilters: () => void;
  onShortcuts: () => void;
  onCreate?: () => void;
  /** The model's record templates: "New" offers them as "New from template" (docs/domain/record-templates.md). */
  templates?: readonly { uuid: string; name: string }[];
  onCreateFrom?: (template: string) => void;
  chooser: ReactNode;
  /** Import and export entries (grids/import, grids/export). */
  transfer?: ReactNode;
  /** Spreadsheet actions on the selected rows (bulk edit). */
  sheet?: ReactNode;
  /** The saved views menu and its unsaved-changes chip. */
  views?: ReactNode;
}

const LIMITERS: readonly StatusLimiter[] = ['active', 'inactive', 'all'];

export function GridToolbar(props: Props) {
  const { t } = useTranslation();
  return (
    <div className="hw-grid-toolbar" role="toolbar" aria-label={t('grid.toolbar')}>
      <InputGroup
        type="search"
        leftIcon={<Search />}
        className="hw-grid-search"
        value={props.search}
        onValueChange={props.onSearch}
        placeholder={t('grid.search')}
        aria-label={t('grid.search')}
      />
      {props.views}
      {props.statusLimiter && (
        <HTMLSelect
          aria-label={t('grid.limiter.label')}
          value={props.statusLimiter}
          onChange={(event) => props.onStatusLimiter(event.currentTarget.value as StatusLimiter)}
          options={LIMITERS.map((value) => ({ value, label: t(`grid.limiter.${value}`) }))}
        />
      )}
      <Switch
        className="hw-grid-switch"
        checked={props.archived}
        label={t('grid.archived')}
        onChange={(event) => props.onArchived(event.currentTarget.checked)}
      />
      {props.filtered && (
        <Button variant="minimal" icon={<FilterRemove />} intent={Intent.WARNING} onClick={props.onClearFilters}>
          {t('grid.filter.clearAll')}
        </Button>
      )}
      <span className="hw-spacer" />
      {props.sheet}
      {props.transfer}
      {props.chooser}
      <Button
        variant="minimal"
        icon={<KeyCommand />}
        aria-label={t('grid.shortcuts.title')}
        title={t('grid.shortcuts.title')}
        onClick={props.onShortcuts}
      />
      {props.onCreate &&
        (props.templates?.length && props.onCreateFrom ? (
          <ButtonGroup>
            <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={props.onCreate}>
              {t('grid.new')}
            </Button>
            <PopoverNext
              placement="bottom-end"
              content={
                <Menu aria-label={t('grid.newFromTemplate')}>
                  {props.templates.map((template) => (
                    <MenuItem
                      key={template.uuid}
                      text={template.name}
                      onClick={() => props.onCreateFrom?.(template.uuid)}
                    />
                  ))}
                </Menu>
              }
            >
              <Button intent={Intent.PRIMARY} icon={<CaretDown />} aria-label={t('grid.newFromTemplate')} />
            </PopoverNext>
          </ButtonGroup>
        ) : (
          <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={props.onCreate}>
            {t('grid.new')}
          </Button>
        ))}
    </div>
  );
}
