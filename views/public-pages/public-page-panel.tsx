// The "Public page" panel of a record's drawer and page (docs/domain/public-pages.md), for the admins of the record's
// settings group only: enable the page with a checklist of the model's fields and the record's documents, see the
// link once after enabling or resetting (with Copy), change what it shows, reset the link (confirmed: the old one
// stops working for good) and disable it. `withPublicPage` adds it to a model's own drawer extension.
import {
  Alert,
  Button,
  Callout,
  Checkbox,
  Classes,
  ControlGroup,
  FormGroup,
  H4,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { Clipboard, Disable, Globe, Refresh } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSettingsGroup } from '../../src/api/queries';
import type { ApiRecord } from '../../src/api/records';
import { notify, reportActionError } from '../../src/components/notices';
import { shareableFields, type PublicPageModel } from '../../src/domain/public-pages';
import { entityByName } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import { attachmentsKey, attachmentsOf } from '../documents/documents-api';
import type { DrawerExtension } from '../records/drawer-extension';
import {
  disablePublicPage,
  getPublicPageSettings,
  publicPageKey,
  resetPublicPage,
  savePublicPage,
  type PublicPageLink,
} from './public-page-api';
import './public-pages.css';

/** The model's own extension with the public page panel after its panels. */
export function withPublicPage(model: PublicPageModel, own?: DrawerExtension): DrawerExtension {
  return {
    ...own,
    panels: (record, onChanged) => (
      <>
        {own?.panels?.(record, onChanged)}
        <PublicPagePanel key={`public-page-${record.uuid}`} model={model} record={record} />
      </>
    ),
  };
}

function PublicPagePanel({ model, record }: { model: PublicPageModel; record: ApiRecord }) {
  const { data: group } = useSettingsGroup(String(record.settings_group_uuid));
  // members who are not the settings group's admins get a 403 from these routes: nothing to show them
  if (group?.role !== 'admin') return null;
  return <Editor model={model} record={record} />;
}

type Choice = { value: string; label: string };

function Editor({ model, record }: { model: PublicPageModel; record: ApiRecord }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const entity = entityByName(model)!;
  const key = publicPageKey(entity.plural, record.uuid);
  const settings = useQuery({ queryKey: key, queryFn: () => getPublicPageSettings(entity.plural, record.uuid) });
  const ref = { model, uuid: record.uuid };
  const documents = useQuery({
    queryKey: attachmentsKey(ref),
    queryFn: ({ signal }) => attachmentsOf(ref, signal),
    enabled: model !== 'document',
  });
  const [fields, setFields] = useState<string[] | null>(null);
  const [attachments, setAttachments] = useState<string[] | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'reset' | 'disable' | null>(null);

  const shown = (reply: PublicPageLink) => {
    client.setQueryData(key, reply.data);
    setFields(null);
    setAttachments(null);
    if (reply.url) setLink(`${window.location.origin}${reply.url}`);
  };
  const save = useMutation({
    mutationFn: () =>
      savePublicPage(entity.plural, record.uuid, {
        fields: chosenFields,
        attachments: chosenAttachments,
      }),
    onSuccess: (reply) => {
      shown(reply);
      notify.success(t(reply.token ? 'records.publicPage.enabled' : 'records.publicPage.saved'));
    },
    onError: reportActionError,
  });
  const reset = useMutation({
    mutationFn: () => resetPublicPage(entity.plural, record.uuid),
    onSuccess: (reply) => {
      shown(reply);
      notify.success(t('records.publicPage.resetDone'));
    },
    onError: reportActionError,
  });
  const disable = useMutation({
    mutationFn: () => disablePublicPage(entity.plural, record.uuid),
    onSuccess: () => {
      setLink(null);
      void client.invalidateQueries({ queryKey: key });
      notify.success(t('records.publicPage.disabled'));
    },
    onError: reportActionError,
  });

  const page = settings.data;
  const chosenFields = fields ?? page?.fields ?? [];
  const chosenAttachments = attachments ?? page?.attachments ?? [];
  const fieldChoices: Choice[] = shareableFields(entity).map((name) => ({
    value: name,
    label: t(`entities.${model}.fields.${name}`),
  }));
  const documentChoices: Choice[] =
    model === 'document'
      ? [{ value: record.uuid, label: String(record.original_filename ?? record.title ?? '') }]
      : (documents.data ?? []).map((d) => ({ value: d.uuid, label: String(d.title ?? d.original_filename ?? '') }));
  const changed = fields !== null || attachments !== null;
  const busy = save.isPending || reset.isPending || disable.isPending;
  const titleId = `hw-public-page-${record.uuid}`;
  const copy = () =>
    link &&
    navigator.clipboard.writeText(link).then(
      () => notify.success(t('records.publicPage.copied')),
      () => notify.warning(t('records.publicPage.copyFailed')),
    );

  return (
    <section className="hw-public-page-panel" aria-labelledby={titleId}>
      <H4 id={titleId}>{t('records.publicPage.title')}</H4>
      <p className={Classes.TEXT_MUTED}>
        {t(page?.enabled ? 'records.publicPage.onHint' : 'records.publicPage.offHint')}
      </p>
      <Checklist
        label={t('records.publicPage.fields')}
        choices={fieldChoices}
        value={chosenFields}
        onChange={setFields}
        disabled={!page || busy}
      />
      <Checklist
        label={t('records.publicPage.attachments')}
        choices={documentChoices}
        value={chosenAttachments}
        onChange={setAttachments}
        disabled={!page || busy}
        empty={t('records.publicPage.noAttachments')}
      />
      {page?.enabled && link && (
        <Callout intent={Intent.SUCCESS} className="hw-public-page-link-callout">
          <p>{t('records.publicPage.linkOnce')}</p>
          <ControlGroup fill className="hw-public-page-link">
            <InputGroup
              readOnly
              aria-label={t('records.publicPage.link')}
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button icon={<Clipboard />} onClick={() => void copy()}>
              {t('records.publicPage.copy')}
            </Button>
          </ControlGroup>
        </Callout>
      )}
      {page?.enabled && !link && <p className={Classes.TEXT_MUTED}>{t('records.publicPage.linkShown')}</p>}
      <div className="hw-public-page-actions">
        {page && !page.enabled && (
          <Button intent={Intent.PRIMARY} icon={<Globe />} onClick={() => save.mutate()} loading={save.isPending}>
            {t('records.publicPage.enable')}
          </Button>
        )}
        {page?.enabled && (
          <>
            <Button intent={Intent.PRIMARY} onClick={() => save.mutate()} disabled={!changed || busy}>
              {t('records.publicPage.save')}
            </Button>
            <Button icon={<Refresh />} onClick={() => setConfirm('reset')} loading={reset.isPending}>
              {t('records.publicPage.reset')}
            </Button>
            <Button
              icon={<Disable />}
              variant="minimal"
              onClick={() => setConfirm('disable')}
              loading={disable.isPending}
            >
              {t('records.publicPage.disable')}
            </Button>
          </>
        )}
      </div>
      <Alert
        isOpen={confirm !== null}
        intent={Intent.DANGER}
        confirmButtonText={t(confirm === 'disable' ? 'records.publicPage.disable' : 'records.publicPage.reset')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'disable') disable.mutate();
          else reset.mutate();
          setConfirm(null);
        }}
      >
        <p>{t(confirm === 'disable' ? 'records.publicPage.confirmDisable' : 'records.publicPage.confirmReset')}</p>
      </Alert>
    </section>
  );
}

function Checklist(props: {
  label: string;
  choices: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled: boolean;
  empty?: string;
}) {
  const { label, choices, value, onChange, disabled, empty } = props;
  // kept in the order of the choices (the model's order), whatever order they were ticked in
  const toggle = (v: string, on: boolean) =>
    onChange(choices.map((c) => c.value).filter((c) => (c === v ? on : value.includes(c))));
  return (
    <FormGroup label={label}>
      {choices.length === 0 && empty ? (
        <p className={Classes.TEXT_MUTED}>{empty}</p>
      ) : (
        <div className="hw-public-page-choices" role="group" aria-label={label}>
          {choices.map((c) => (
            <Checkbox
              key={c.value}
              label={c.label}
              checked={value.includes(c.value)}
              disabled={disabled}
              onChange={(e) => toggle(c.value, e.currentTarget.checked)}
            />
          ))}
        </div>
      )}
    </FormGroup>
  );
}
