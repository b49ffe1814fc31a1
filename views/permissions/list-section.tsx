// The frame of a list section on /settings/permissions (access rules, stored filters): title, intro, the New button,
// and the table (its column headings, then an edit and a delete cell per row) or the empty state.
import { Button, Classes, H2, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../src/i18n';

export function ListSection(props: {
  id: string;
  title: string;
  intro: string;
  create: string;
  primary?: boolean;
  onCreate: () => void;
  empty: boolean;
  emptyTitle: string;
  columns: readonly string[];
  rows: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `${props.id}-title`;
  return (
    <section className="hw-access-rules" aria-labelledby={titleId}>
      <H2 id={titleId}>{props.title}</H2>
      <p className={Classes.TEXT_MUTED}>{props.intro}</p>
      <Button
        intent={props.primary ? Intent.PRIMARY : Intent.NONE}
        icon={<Plus />}
        className="hw-access-new"
        onClick={props.onCreate}
      >
        {props.create}
      </Button>
      {props.empty ? (
        <NonIdealState title={props.emptyTitle} />
      ) : (
        <div className="hw-access-scroll">
          <HTMLTable compact striped className="hw-table">
            <thead>
              <tr>
                {props.columns.map((column) => (
                  <th scope="col" key={column}>
                    {column}
                  </th>
                ))}
                <th scope="col" colSpan={2} aria-label={t('permissions.actions')} />
              </tr>
            </thead>
            <tbody>{props.rows}</tbody>
          </HTMLTable>
        </div>
      )}
      {props.children}
    </section>
  );
}
