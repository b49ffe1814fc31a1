// The changes made offline (docs/decisions.md, "Installable and offline"): a button on every screen while any wait
// ("3 changes waiting"), a dialog listing them in order with their state (waiting, conflict, not saved with the
// reason) and, for a conflict, the record field by field — theirs and mine side by side — to choose from. Cells of
// the grids with a waiting or refused edit are marked (a stylesheet by row and column).
import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, Radio, Tag } from '@blueprintjs/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { i18n, useTranslation } from '../i18n';
import type { QueuedOp, UpdateOp } from './queue';
import { currentUser, onConflicts, queue, replay } from './writer';

const useQueue = () =>
  useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => snapshot(),
  );
let last: { key: string; ops: QueuedOp[] } = { key: '', ops: [] };
function snapshot() {
  const ops = queue.list(currentUser() ?? undefined);
  const key = ops.map((o) => `${o.id}:${o.status}:${o.at}`).join(',');
  if (key !== last.key) last = { key, ops };
  return last.ops;
}

const STRIPES = 'repeating-linear-gradient(135deg,rgb(251 208 101/35%) 0 6px,transparent 6px 12px)';
const esc = (value: string) => value.replace(/["\\]/g, '\\$&');
/** Waiting cells striped, refused ones outlined in red (the grids' rows carry the record's uuid as row-id). */
function cellStyles(ops: readonly QueuedOp[]): string {
  const rules: string[] = [];
  for (const op of ops)
    if (op.kind === 'request' && op.create && op.uuid)
      // a record created offline: its whole row waits
      rules.push(`.ag-row[row-id="${esc(op.uuid)}"] .ag-cell{background-image:${STRIPES}}`);
    else if (op.kind === 'update')
      for (const field of Object.keys(op.changes)) {
        const cell = `.ag-row[row-id="${esc(op.uuid)}"] .ag-cell[col-id="${esc(field)}"]`;
        rules.push(
          op.status === 'pending'
            ? `${cell}{background-image:${STRIPES}}`
            : `${cell}{box-shadow:inset 0 0 0 2px #cd4246}`,
        );
      }
  return rules.join('\n');
}

/** A model's or field's name when the record translations are loaded (they come with the grid screens). */
const label = (key: string, fallback: string) => (i18n.instance.exists(key) ? i18n.t(key) : fallback);
const fieldLabel = (model: string, field: string) => label(`entities.${model}.fields.${field}`, field);

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

function ConflictView({ op, onDone }: { op: UpdateOp; onDone: () => void }) {
  const { t } = useTranslation();
  const fields = Object.keys(op.changes);
  const [chosen, setChosen] = useState<Record<string, 'theirs' | 'mine'>>(() =>
    Object.fromEntries(fields.map((f) => [f, 'mine'])),
  );
  const save = async () => {
    const values = Object.fromEntries(
      fields.map((f) => [f, chosen[f] === 'mine' ? op.changes[f] : (op.theirs?.[f] ?? null)]),
    );
    await queue.resolve(op.id, values, String(op.theirs?.updated_at ?? op.version));
    onDone();
    void replay();
  };
  return (
    <div aria-label={t('offline.conflictTitle')} role="group">
      <p>{t('offline.conflictText')}</p>
      <HTMLTable compact striped className="hw-offline-conflict">
        <thead>
          <tr>
            <th>{t('offline.field')}</th>
            <th>{t('offline.theirs')}</th>
            <th>{t('offline.mine')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field}>
              <td>{fieldLabel(op.model, field)}</td>
              <td>
                <Radio
                  name={`c-${op.id}-${field}`}
                  label={show(op.theirs?.[field])}
                  aria-label={`${t('offline.theirs')}: ${fieldLabel(op.model, field)}`}
                  checked={chosen[field] === 'theirs'}
                  onChange={() => setChosen((c) => ({ ...c, [field]: 'theirs' }))}
                />
              </td>
              <td>
                <Radio
                  name={`c-${op.id}-${field}`}
                  label={show(op.changes[field])}
                  aria-label={`${t('offline.mine')}: ${fieldLabel(op.model, field)}`}
                  checked={chosen[field] === 'mine'}
                  onChange={() => setChosen((c) => ({ ...c, [field]: 'mine' }))}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Button intent="primary" onClick={() => void save()} text={t('offline.keepChoice')} />
    </div>
  );
}

function describe(op: QueuedOp): string {
  if (op.kind === 'update')
    return `${label(`entities.${op.model}.one`, op.model)} · ${Object.keys(op.changes)
      .map((field) => fieldLabel(op.model, field))
      .join(', ')}`;
  return `${op.method} ${op.path}`;
}

export function ChangesPanel() {
  const { t } = useTranslation();
  const ops = useQueue();
  const [open, setOpen] = useState(false);
  useEffect(() => onConflicts(() => setOpen(true)), []);
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.offline = 'cells';
    document.head.append(style);
    const update = () => void (style.textContent = cellStyles(snapshot()));
    update();
    const stop = queue.subscribe(update);
    return () => {
      stop();
      style.remove();
    };
  }, []);
  if (ops.length === 0 && !open) return null;
  const held = ops.some((o) => o.status !== 'pending');
  return (
    <>
      {ops.length > 0 && (
        <Button
          className="hw-offline-changes"
          intent={held ? 'danger' : 'warning'}
          size="small"
          style={{ position: 'fixed', right: 12, bottom: 44, zIndex: 30 }}
          onClick={() => setOpen(true)}
          text={t('offline.waiting', { count: ops.length })}
        />
      )}
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t('offline.changesTitle')} style={{ width: 640 }}>
        <DialogBody>
          {ops.length === 0 && <p className={Classes.TEXT_MUTED}>{t('offline.none')}</p>}
          {ops.map((op) => (
            <section key={op.id} style={{ marginBottom: 12 }} aria-label={describe(op)}>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Tag intent={op.status === 'pending' ? 'warning' : 'danger'} minimal>
                  {t(`offline.status.${op.status}`)}
                </Tag>
                <span style={{ flex: 1 }}>{describe(op)}</span>
                <Button
                  size="small"
                  variant="minimal"
                  onClick={() => void queue.remove(op.id)}
                  text={t('offline.remove')}
                />
              </div>
              {op.message && op.status === 'failed' && <p className={Classes.INTENT_DANGER}>{op.message}</p>}
              {op.status === 'conflict' && op.kind === 'update' && <ConflictView op={op} onDone={() => undefined} />}
            </section>
          ))}
        </DialogBody>
        <DialogFooter actions={<Button onClick={() => setOpen(false)} text={t('offline.close')} />} />
      </Dialog>
    </>
  );
}
