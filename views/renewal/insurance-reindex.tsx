// Re-indexing the building insurance values of the selected properties (docs/domain/calculations.md, "Insurance
// values"): a preview first (`POST /properties/reindex-insurance` with `dry_run`: old → new per property, and why a
// property stays as it is), the properties to write chosen there, then one write that is one step of the shared
// undo stack (Undo in the notice, or Ctrl+Z in any grid).
import { Button, Callout, Checkbox, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router';
import { pushUndo, undo } from '../../grids';
import { isApiError } from '../../src/api/errors';
import { requestEnvelope } from '../../src/api/http';
import { invalidateRecordLists, listRecords } from '../../src/api/records';
import { notify } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { useRights } from '../../src/components/use-rights';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import type { ReindexInsuranceReply } from '../../src/entities/analytics';
import { property } from '../../src/entities/property';
import { useTranslation } from '../../src/i18n';
import { selectedPropertiesAtom } from '../../src/state/context';
import './renewal.css';
import { useChartContext } from '../charts/use-chart-context';

type Item = ReindexInsuranceReply['data'][number];
const FIELDS = [
  'insurance_value_new',
  'insurance_value_current',
  'insurance_value_reduced',
  'insurance_index_base',
] as const;
const ORDER: readonly Item['outcome'][] = ['reindexed', 'below_threshold', 'unchanged', 'no_base'];
/** The most properties one re-indexing takes (the endpoint's limit). */
const MOST = 1000;

/** The uuids of the selection's properties: the ones chosen in the context bar, else all of the settings group. */
async function selectionUuids(sg: string, chosen: readonly string[]): Promise<string[]> {
  if (chosen.length) return chosen.slice(0, MOST);
  const uuids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listRecords(property, {
      settings_group_uuid: sg,
      per_page: 500,
      status_limiter: 'all',
      ...(cursor ? { cursor } : {}),
    });
    uuids.push(...page.data.map((r) => r.uuid));
    cursor = page.meta.next_cursor;
  } while (cursor && uuids.length < MOST);
  return uuids.slice(0, MOST);
}

const reindex = (uuids: string[], dryRun: boolean) =>
  requestEnvelope<Item[], ReindexInsuranceReply['meta']>('properties/reindex-insurance', {
    method: 'POST',
    body: { uuids, dry_run: dryRun },
  });

export function InsuranceReindex() {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const selected = useAtomValue(selectedPropertiesAtom);
  const { may } = useRights();
  const { currency, number } = useFormat();
  const { currency: code } = useChartContext();
  const client = useQueryClient();
  const [preview, setPreview] = useState<ReindexInsuranceReply | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const sg = current?.uuid ?? null;

  const previewing = useMutation({
    mutationFn: async () => reindex(await selectionUuids(sg!, selected), true),
    onSuccess: (reply) => {
      // what would change first, then what stays and why
      const data = [...reply.data].sort((a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome));
      const full = { data, meta: reply.meta! };
      setPreview(full);
      setChosen(new Set(full.data.filter((d) => d.outcome === 'reindexed').map((d) => d.uuid)));
    },
  });
  const applying = useMutation({
    mutationFn: () => reindex([...chosen], false),
    onSuccess: (reply) => {
      const written = reply.data.filter((d) => d.outcome === 'reindexed' && d.updated_at);
      const label = t('charts.renewal.insurance.done', { count: written.length });
      pushUndo({
        label,
        model: property.name,
        changes: written.flatMap((d) =>
          FIELDS.filter((f) => d.old[f] !== d.new[f]).map((field) => ({
            uuid: d.uuid,
            field,
            before: d.old[field],
            after: d.new[field],
          })),
        ),
        versions: Object.fromEntries(written.map((d) => [d.uuid, d.updated_at!])),
      });
      notify.success(label, {
        key: 'insurance-reindex',
        action: { text: t('charts.renewal.insurance.undo'), onClick: () => void undo() },
      });
      invalidateRecordLists(client, property.name);
      setPreview(null);
    },
  });
  const error = previewing.error ?? applying.error;
  const fieldErrors = isApiError(error) && error.status === 422 ? Object.values(error.errors).flat() : [];
  const canWrite = may(property.name, 'update');
  const money = (v: string | null) => (v === null ? '–' : currency(v, code));
  const shown = (field: (typeof FIELDS)[number], v: string | null) =>
    field === 'insurance_index_base' ? (v === null ? '–' : number(v)) : money(v);
  const pair = (item: Item, field: (typeof FIELDS)[number]) =>
    item.old[field] === item.new[field] ? (
      shown(field, item.old[field])
    ) : (
      <span className="hw-insurance-change">
        {shown(field, item.old[field])} → <strong>{shown(field, item.new[field])}</strong>
      </span>
    );
  const toggle = (uuid: string, on: boolean) =>
    setChosen((set) => {
      const next = new Set(set);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
  const index = preview?.meta.indexes[0];

  return (
    <section className="hw-insurance" aria-labelledby="hw-insurance-title">
      <h2 id="hw-insurance-title">{t('charts.renewal.insurance.title')}</h2>
      <p>{t('charts.renewal.insurance.intro')}</p>
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {fieldErrors.length ? fieldErrors.join(' ') : error instanceof Error ? error.message : String(error)}{' '}
          <Link to="/settings/property">{t('charts.renewal.insurance.settings')}</Link>
        </Callout>
      )}
      <div className="hw-insurance-actions">
        <Button
          intent={preview ? Intent.NONE : Intent.PRIMARY}
          loading={previewing.isPending}
          disabled={!sg}
          onClick={() => {
            applying.reset();
            previewing.mutate();
          }}
        >
          {t('charts.renewal.insurance.preview')}
        </Button>
        {preview && (
          <>
            <Button
              intent={Intent.PRIMARY}
              loading={applying.isPending}
              disabled={!canWrite || chosen.size === 0}
              title={canWrite ? undefined : t('charts.renewal.insurance.noRight')}
              onClick={() => applying.mutate()}
            >
              {t('charts.renewal.insurance.apply', { count: chosen.size })}
            </Button>
            <Button variant="minimal" onClick={() => setPreview(null)}>
              {t('charts.renewal.insurance.cancel')}
            </Button>
          </>
        )}
      </div>
      {index && (
        <p role="status">
          {t('charts.renewal.insurance.index', { series: index.series, year: index.year, value: number(index.value) })}{' '}
          {index.threshold
            ? t('charts.renewal.insurance.threshold', { threshold: index.threshold })
            : t('charts.renewal.insurance.anyMove')}{' '}
          {t('charts.renewal.insurance.rounding', { rounding: number(index.rounding) })}{' '}
          {index.reduced_wear
            ? t('charts.renewal.insurance.reduced', { wear: index.reduced_wear })
            : t('charts.renewal.insurance.noReduced')}
          {index.reestimation_years > 0 &&
            ` ${t('charts.renewal.insurance.reestimation', { count: index.reestimation_years })}`}
        </p>
      )}
      {preview && (
        <div className="hw-insurance-scroll">
          <HTMLTable compact striped className="hw-insurance-table" aria-label={t('charts.renewal.insurance.table')}>
            <thead>
              <tr>
                <th>
                  <span className="bp6-text-muted">{t('charts.renewal.insurance.write')}</span>
                </th>
                <th>{t('entities.property.fields.name')}</th>
                <th>{t('charts.renewal.insurance.outcome')}</th>
                <th>{t('charts.renewal.insurance.change')}</th>
                {FIELDS.map((f) => (
                  <th key={f}>{t(`entities.property.fields.${f}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.data.map((item) => (
                <tr key={item.uuid}>
                  <td>
                    {item.outcome === 'reindexed' && (
                      <Checkbox
                        className="hw-insurance-check"
                        checked={chosen.has(item.uuid)}
                        aria-label={t('charts.renewal.insurance.writeOne', { name: item.name })}
                        onChange={(e) => toggle(item.uuid, e.currentTarget.checked)}
                      />
                    )}
                  </td>
                  <td>
                    <Link to={`/properties/${item.uuid}`}>{item.name}</Link>
                  </td>
                  <td>
                    <Tag minimal intent={item.outcome === 'reindexed' ? Intent.PRIMARY : Intent.NONE}>
                      {t(`charts.renewal.insurance.outcomes.${item.outcome}`)}
                    </Tag>
                    {item.reestimation_due && (
                      <Tag minimal intent={Intent.WARNING} className="hw-reestimation-due">
                        {t('charts.renewal.insurance.reestimationDue')}
                      </Tag>
                    )}
                  </td>
                  <td>{item.change_percent === null ? '–' : `${number(item.change_percent)} %`}</td>
                  {FIELDS.map((f) => (
                    <td key={f}>{pair(item, f)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </section>
  );
}
