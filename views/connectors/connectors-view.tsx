// /settings/connectors (docs/domain/webhooks.md): the selected settings group's outgoing webhooks. An admin adds one
// (address, description, the events per model), copies its secret from the dialog that shows it once, sends a test,
// turns it on and off, rotates the secret, changes or deletes it, and reads each webhook's delivery log with the
// answer of every attempt and a re-send.
import {
  Alert,
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  H4,
  HTMLTable,
  Intent,
  NonIdealState,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { Exchange } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  createWebhook,
  deleteWebhook,
  fetchDeliveries,
  fetchWebhooks,
  resendDelivery,
  rotateSecret,
  sendTest,
  updateWebhook,
  webhookKeys,
  type Webhook,
  type WebhookDelivery,
} from '../../src/api/webhooks.api';
import { WEBHOOK_CHANGES, WEBHOOK_MODELS } from '../../src/entities/webhook';
import { FormMessage, TextField, useFormSubmit } from '../../src/components/form-fields';
import { notify, reportActionError } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import { AdminSettingsPage } from '../model-settings/admin-settings-page';
import './connectors.css';

export function ConnectorsView() {
  const { t } = useTranslation();
  return (
    <AdminSettingsPage title={t('modules.settingsPages.connectors')} adminsOnly={t('admin.modelSettings.adminsOnly')}>
      {(sg) => <Webhooks sg={sg} />}
    </AdminSettingsPage>
  );
}

function Webhooks({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const hooks = useQuery({ queryKey: webhookKeys.list(sg), queryFn: () => fetchWebhooks(sg) });
  const list = hooks.data ?? [];
  return (
    <>
      <p className={Classes.TEXT_MUTED}>{t('admin.webhooks.intro')}</p>
      <Button intent={Intent.PRIMARY} icon="add" onClick={() => setEditing('new')}>
        {t('admin.webhooks.add')}
      </Button>
      {hooks.isSuccess && list.length === 0 && (
        <NonIdealState icon={<Exchange size={48} />} description={t('admin.webhooks.empty')} />
      )}
      <ul className="hw-webhooks" aria-label={t('admin.webhooks.title')}>
        {list.map((hook) => (
          <WebhookCard key={hook.uuid} hook={hook} sg={sg} onEdit={() => setEditing(hook)} onSecret={setSecret} />
        ))}
      </ul>
      {editing && (
        <WebhookDialog
          sg={sg}
          hook={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={setSecret}
        />
      )}
      <Dialog isOpen={secret !== null} title={t('admin.webhooks.secretTitle')} onClose={() => setSecret(null)}>
        <DialogBody>
          <Callout intent={Intent.WARNING}>{t('admin.webhooks.secretNote')}</Callout>
          <pre className="hw-webhook-secret" aria-label={t('admin.webhooks.secret')}>
            {secret}
          </pre>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                icon="duplicate"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(secret ?? '')
                    .then(() => notify.success(t('admin.webhooks.copied')), reportActionError)
                }
              >
                {t('admin.webhooks.copy')}
              </Button>
              <Button intent={Intent.PRIMARY} onClick={() => setSecret(null)}>
                {t('admin.webhooks.secretDone')}
              </Button>
            </>
          }
        />
      </Dialog>
    </>
  );
}

function statusTag(hook: Webhook, t: ReturnType<typeof useTranslation>['t']) {
  if (hook.enabled)
    return <Tag intent={hook.failing_since ? Intent.WARNING : Intent.SUCCESS}>{t('admin.webhooks.on')}</Tag>;
  return (
    <Tag intent={hook.disabled_reason ? Intent.DANGER : Intent.NONE}>
      {t(hook.disabled_reason ? 'admin.webhooks.offFailing' : 'admin.webhooks.off')}
    </Tag>
  );
}

function WebhookCard(props: { hook: Webhook; sg: string; onEdit: () => void; onSecret: (secret: string) => void }) {
  const { hook, sg, onEdit, onSecret } = props;
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const refresh = () => {
    void client.invalidateQueries({ queryKey: webhookKeys.list(sg) });
    void client.invalidateQueries({ queryKey: webhookKeys.deliveries(hook.uuid) });
  };
  const test = useMutation({
    mutationFn: () => sendTest(hook.uuid),
    onSuccess: (d) => {
      if (d.status === 'delivered') notify.success(t('admin.webhooks.testDelivered', { status: d.response_status }));
      else notify.warning(t('admin.webhooks.testFailed', { error: d.error ?? '' }));
      setOpen(true);
      refresh();
    },
    onError: reportActionError,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateWebhook(hook.uuid, { enabled }),
    onSuccess: refresh,
    onError: reportActionError,
  });
  const rotate = useMutation({
    mutationFn: () => rotateSecret(hook.uuid),
    onSuccess: (secret) => onSecret(secret),
    onError: reportActionError,
  });
  const remove = useMutation({
    mutationFn: () => deleteWebhook(hook.uuid),
    onSuccess: () => {
      notify.success(t('admin.webhooks.deleted'));
      refresh();
    },
    onError: reportActionError,
  });
  return (
    <li>
      <Card className="hw-webhook">
        <div className="hw-webhook-head">
          <div>
            <H4 className="hw-webhook-url">{hook.url}</H4>
            {hook.description && <p>{hook.description}</p>}
            <p className={Classes.TEXT_MUTED}>
              {statusTag(hook, t)} {t('admin.webhooks.eventCount', { count: hook.events.length })}
              {hook.failing_since &&
                ` · ${t('admin.webhooks.failingSince', { date: format.dateTime(hook.failing_since) })}`}
            </p>
          </div>
          <Switch
            large
            checked={hook.enabled}
            disabled={toggle.isPending}
            aria-label={t('admin.webhooks.switch', { url: hook.url })}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
          />
        </div>
        <div className="hw-webhook-actions">
          <Button icon="send-message" loading={test.isPending} onClick={() => test.mutate()}>
            {t('admin.webhooks.test')}
          </Button>
          <Button icon={open ? 'chevron-up' : 'history'} onClick={() => setOpen((o) => !o)}>
            {t('admin.webhooks.deliveries')}
          </Button>
          <Button icon="edit" onClick={onEdit}>
            {t('admin.webhooks.edit')}
          </Button>
          <Button icon="key" onClick={() => setConfirm('rotate')}>
            {t('admin.webhooks.rotate')}
          </Button>
          <Button icon="trash" intent={Intent.DANGER} minimal onClick={() => setConfirm('delete')}>
            {t('admin.webhooks.delete')}
          </Button>
        </div>
        {open && <Deliveries hook={hook} />}
      </Card>
      <Alert
        isOpen={confirm !== null}
        intent={confirm === 'delete' ? Intent.DANGER : Intent.WARNING}
        confirmButtonText={t(confirm === 'delete' ? 'admin.webhooks.delete' : 'admin.webhooks.rotate')}
        cancelButtonText={t('admin.webhooks.cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'delete') remove.mutate();
          else rotate.mutate();
          setConfirm(null);
        }}
      >
        {t(confirm === 'delete' ? 'admin.webhooks.deleteConfirm' : 'admin.webhooks.rotateConfirm', { url: hook.url })}
      </Alert>
    </li>
  );
}

function Deliveries({ hook }: { hook: Webhook }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const key = webhookKeys.deliveries(hook.uuid);
  const log = useQuery({ queryKey: key, queryFn: () => fetchDeliveries(hook.uuid), refetchInterval: 5_000 });
  const resend = useMutation({
    mutationFn: (d: WebhookDelivery) => resendDelivery(hook.uuid, d.id),
    onSuccess: (d) => {
      if (d.status === 'delivered') notify.success(t('admin.webhooks.resent'));
      else notify.warning(t('admin.webhooks.testFailed', { error: d.error ?? '' }));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: reportActionError,
  });
  const rows = log.data ?? [];
  if (log.isSuccess && rows.length === 0)
    return <p className={Classes.TEXT_MUTED}>{t('admin.webhooks.noDeliveries')}</p>;
  return (
    <div className="hw-webhook-log">
      <HTMLTable compact striped aria-label={t('admin.webhooks.deliveries')}>
        <thead>
          <tr>
            <th>{t('admin.webhooks.when')}</th>
            <th>{t('admin.webhooks.event')}</th>
            <th>{t('admin.webhooks.status')}</th>
            <th>{t('admin.webhooks.http')}</th>
            <th>{t('admin.webhooks.duration')}</th>
            <th>{t('admin.webhooks.attempts')}</th>
            <th>{t('admin.webhooks.response')}</th>
            <th aria-label={t('admin.webhooks.actions')} />
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.id}>
              <td>{format.dateTime(d.created_at)}</td>
              <td>
                <code>{d.event}</code>
              </td>
              <td>
                <Tag
                  minimal
                  intent={
                    d.status === 'delivered' ? Intent.SUCCESS : d.status === 'failed' ? Intent.DANGER : Intent.WARNING
                  }
                >
                  {t(`admin.webhooks.statuses.${d.status}`)}
                </Tag>
                {d.status === 'pending' && d.next_attempt_at && (
                  <div className={Classes.TEXT_MUTED}>
                    {t('admin.webhooks.nextAttempt', { date: format.dateTime(d.next_attempt_at) })}
                  </div>
                )}
              </td>
              <td>{d.response_status ?? '–'}</td>
              <td>{d.duration_ms === null ? '–' : `${format.number(d.duration_ms)} ms`}</td>
              <td>{format.number(d.attempts)}</td>
              <td className="hw-webhook-response">{d.error ?? d.response_excerpt ?? ''}</td>
              <td>
                {d.status !== 'pending' && (
                  <Button
                    size="small"
                    loading={resend.isPending && resend.variables?.id === d.id}
                    onClick={() => resend.mutate(d)}
                  >
                    {t('admin.webhooks.resend')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

function WebhookDialog(props: {
  sg: string;
  hook: Webhook | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { sg, hook, onClose, onSecret } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [url, setUrl] = useState(hook?.url ?? 'https://');
  const [description, setDescription] = useState(hook?.description ?? '');
  const [events, setEvents] = useState<Set<string>>(new Set(hook?.events ?? []));
  const { form, busy, handle } = useFormSubmit();
  const submit = handle(async () => {
    const input = { url: url.trim(), description: description.trim() || null, events: [...events] };
    if (hook) await updateWebhook(hook.uuid, input);
    else onSecret((await createWebhook(sg, input)).secret);
    notify.success(t('admin.webhooks.saved'));
    void client.invalidateQueries({ queryKey: webhookKeys.list(sg) });
    onClose();
  });
  const flip = (names: string[], on: boolean) =>
    setEvents((current) => {
      const next = new Set(current);
      for (const n of names)
        if (on) next.add(n);
        else next.delete(n);
      return next;
    });
  const eventErrors = Object.entries(form.errors)
    .filter(([k]) => k === 'events' || k.startsWith('events.'))
    .flatMap(([, m]) => m);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(hook ? 'admin.webhooks.editTitle' : 'admin.webhooks.add')}
      className="hw-webhook-dialog"
    >
      <form onSubmit={(e: FormEvent) => void submit(e)}>
        <DialogBody>
          <FormMessage message={form.message} />
          <TextField
            id="webhook-url"
            label={t('admin.webhooks.url')}
            value={url}
            onChange={setUrl}
            errors={form.errors.url}
            helperText={t('admin.webhooks.urlHelp')}
            required
            autoFocus
            maxLength={2000}
          />
          <TextField
            id="webhook-description"
            label={t('admin.webhooks.description')}
            value={description}
            onChange={setDescription}
            errors={form.errors.description}
            maxLength={200}
          />
          <fieldset className="hw-webhook-events">
            <legend>{t('admin.webhooks.events')}</legend>
            {eventErrors.length > 0 && (
              <Callout intent={Intent.DANGER} role="alert">
                {eventErrors.join(' ')}
              </Callout>
            )}
            <HTMLTable compact>
              <thead>
                <tr>
                  <th>{t('admin.webhooks.model')}</th>
                  {WEBHOOK_CHANGES.map((c) => (
                    <th key={c}>{t(`admin.webhooks.changes.${c}`)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {WEBHOOK_MODELS.map((model) => {
                  const names = WEBHOOK_CHANGES.map((c) => `${model}.${c}`);
                  const all = names.every((n) => events.has(n));
                  const some = !all && names.some((n) => events.has(n));
                  const label = t(`entities.${model}.plural`);
                  return (
                    <tr key={model}>
                      <td>
                        <Checkbox
                          checked={all}
                          indeterminate={some}
                          label={label}
                          onChange={(e) => flip(names, e.currentTarget.checked)}
                        />
                      </td>
                      {names.map((name, i) => (
                        <td key={name}>
                          <Checkbox
                            checked={events.has(name)}
                            aria-label={`${label}: ${t(`admin.webhooks.changes.${WEBHOOK_CHANGES[i]!}`)}`}
                            onChange={(e) => flip([name], e.currentTarget.checked)}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </fieldset>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('admin.webhooks.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={busy}>
                {t('admin.webhooks.save')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
