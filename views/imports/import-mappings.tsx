// The caller's remembered column mappings on /settings/imports (docs/spreadsheet-api.md, "Remembered mappings"):
// per table, each file header and the field it fills, and Forget, after which the next upload of that table is
// matched afresh.
import { Button, Classes, HTMLTable } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fieldLabel } from '../../grids/import/import-messages';
import { http } from '../../src/api/http';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';

interface Mapping {
  model: string;
  mapping: Record<string, string>;
  updated_at: string;
}

const key = ['import-mappings'];

export function ImportMappings() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mappings = useQuery({ queryKey: key, queryFn: () => http.get<Mapping[]>('user/import-mappings') });
  const forget = useMutation({
    mutationFn: (model: string) => http.delete<unknown>(`user/import-mappings/${encodeURIComponent(model)}`),
    onSuccess: () => {
      notify.success(t('transfer.mappings.forgotten'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: reportActionError,
  });
  const title = t('transfer.mappings.title');
  const rows = mappings.data ?? [];
  return (
    <section className="hw-import-mappings" aria-labelledby="import-mappings-title">
      <h2 id="import-mappings-title" className={Classes.HEADING}>
        {title}
      </h2>
      {mappings.isSuccess && rows.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('transfer.mappings.empty')}</p>
      ) : (
        <HTMLTable compact striped aria-label={title}>
          <thead>
            <tr>
              <th>{t('transfer.history.table')}</th>
              <th>{t('transfer.mappings.columns')}</th>
              <th aria-label={t('transfer.history.actions')} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const name = t(`entities.${row.model}.plural`, { defaultValue: row.model });
              return (
                <tr key={row.model}>
                  <td>{name}</td>
                  <td>
                    <ul className="hw-import-mapping-list">
                      {Object.entries(row.mapping).map(([header, field]) => (
                        <li key={header}>
                          {header} → {fieldLabel(t, { name: row.model }, field)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <Button
                      size="small"
                      aria-label={t('transfer.mappings.forgetNamed', { name })}
                      loading={forget.isPending && forget.variables === row.model}
                      onClick={() => forget.mutate(row.model)}
                    >
                      {t('transfer.mappings.forget')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
