// An e-mail template's drawer on /settings/templates/emails (docs/domain/email-templates.md): beside the subject and
// the text, the placeholders the chosen mail offers (a click puts one at the end of the text), and a preview of the
// template as it stands in the form, rendered by the server with a record of the settings group the admin picks
// (MAIL_RECORD), else with sample values. The account mails' drawer on /settings/account-emails ("Account mails") is
// the same without a settings group: its preview is rendered for the superuser.
import { useState } from 'react';
import { Button, Callout, Code, FormGroup, H5, Intent, PopoverNext, Tag } from '@blueprintjs/core';
import { CaretDown, EyeOpen } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../src/api/errors';
import { http } from '../../src/api/http';
import { reportActionError } from '../../src/components/notices';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import {
  ACCOUNT_MAIL_PLACEHOLDERS,
  MAIL_PLACEHOLDERS,
  MAIL_RECORD,
  type MailKey,
} from '../../src/domain/mail-templates';
import { useReturnFocus } from '../../src/components/use-return-focus';
import { RefLookup } from '../../grids/ref-lookup';
import { RefTitle } from '../../grids/ref-titles';
import { useTranslation } from '../../src/i18n';
import type { DrawerExtension, FormExtensionProps } from '../records/drawer-extension';
import './email-templates.css';

interface Preview {
  subject: string;
  text: string;
  html: string;
}

/** A model of templates: its mails' placeholders, where its preview is rendered, whether it is a settings group's. */
interface Templates {
  placeholders: Readonly<Record<string, readonly string[]>>;
  preview: string;
  /** A settings group's mails: the preview names the settings group and may take one of its records. */
  ofSettingsGroup: boolean;
}

const extensionOf = (templates: Templates): DrawerExtension => ({
  form: (props) => <PlaceholdersAndPreview {...props} templates={templates} />,
});

export const emailTemplateExtension = extensionOf({
  placeholders: MAIL_PLACEHOLDERS,
  preview: 'email-templates/preview',
  ofSettingsGroup: true,
});

export const accountEmailTemplateExtension = extensionOf({
  placeholders: ACCOUNT_MAIL_PLACEHOLDERS,
  preview: 'account-email-templates/preview',
  ofSettingsGroup: false,
});

function PlaceholdersAndPreview({
  draft,
  onChange,
  readOnly,
  templates,
}: FormExtensionProps & { templates: Templates }) {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const { placeholders, ofSettingsGroup } = templates;
  const mail = typeof draft.mail === 'string' && Object.hasOwn(placeholders, draft.mail) ? draft.mail : null;
  const settingsGroup = !ofSettingsGroup
    ? undefined
    : typeof draft.settings_group_uuid === 'string'
      ? draft.settings_group_uuid
      : current?.uuid;
  const model = mail && ofSettingsGroup ? MAIL_RECORD[mail as MailKey] : null;
  // the record the preview reads (kept per mail: a guarantee picked for the guarantee mail is no order)
  const [picked, setPicked] = useState<{ model: string; uuid: string } | null>(null);
  const record = picked && picked.model === model ? picked.uuid : null;
  const preview = useMutation({
    mutationFn: (recordUuid: string | null) =>
      http.post<Preview>(templates.preview, {
        ...(ofSettingsGroup ? { settings_group_uuid: settingsGroup } : {}),
        mail,
        locale: draft.locale,
        subject: String(draft.subject ?? ''),
        body: String(draft.body ?? ''),
        ...(recordUuid ? { record_uuid: recordUuid } : {}),
      }),
    onError: (error) => {
      if (!(isApiError(error) && error.status === 422)) reportActionError(error);
    },
  });
  if (!mail) return null;
  const problems =
    preview.error && isApiError(preview.error) && preview.error.status === 422
      ? Object.values(preview.error.errors).flat()
      : [];
  const body = String(draft.body ?? '');
  return (
    <section
      className="hw-record-field-wide hw-email-template-help"
      aria-label={t('admin.emailTemplates.placeholders')}
    >
      <FormGroup label={t('admin.emailTemplates.placeholders')} helperText={t('admin.emailTemplates.placeholdersHint')}>
        <div className="hw-email-template-placeholders">
          {placeholders[mail]!.map((name) => (
            <Tag
              key={name}
              minimal
              interactive={!readOnly}
              onClick={
                readOnly
                  ? undefined
                  : () => onChange('body', `${body}${body && !body.endsWith(' ') ? ' ' : ''}{{${name}}}`)
              }
              title={t(`admin.emailTemplates.placeholder.${name}`)}
            >
              {`{{${name}}}`}
            </Tag>
          ))}
        </div>
      </FormGroup>
      <div className="hw-email-template-preview-bar">
        {model && settingsGroup && (
          <FormGroup label={t('admin.emailTemplates.previewWith')} inline>
            <RecordPicker
              model={model}
              settingsGroup={settingsGroup}
              value={record}
              onPick={(uuid) => {
                setPicked(uuid ? { model, uuid } : null);
                preview.mutate(uuid);
              }}
            />
          </FormGroup>
        )}
        <Button icon={<EyeOpen />} loading={preview.isPending} onClick={() => preview.mutate(record)}>
          {t('admin.emailTemplates.preview')}
        </Button>
      </div>
      {problems.length > 0 && (
        <Callout intent={Intent.DANGER} compact>
          {problems.join(' ')}
        </Callout>
      )}
      {preview.data && !preview.isPending && (
        <div
          className="hw-email-template-preview"
          role="region"
          aria-label={t(record || !model ? 'admin.emailTemplates.previewTitle' : 'admin.emailTemplates.previewSample')}
        >
          <H5>{preview.data.subject}</H5>
          <Code className="hw-email-template-text">{preview.data.text}</Code>
        </div>
      )}
    </section>
  );
}

/** A record of the settings group to preview the mail with; cleared, the preview takes sample values. */
function RecordPicker(props: {
  model: string;
  settingsGroup: string;
  value: string | null;
  onPick: (uuid: string | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { target, onClosed } = useReturnFocus();
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      onClosed={onClosed}
      shouldReturnFocusOnClose={false}
      placement="bottom-start"
      content={
        <RefLookup
          model={props.model}
          scope={{ settings_group_uuid: props.settingsGroup }}
          allowClear
          onPick={(uuid) => {
            setOpen(false);
            props.onPick(uuid);
          }}
          onCancel={() => {
            if (!open) return false;
            setOpen(false);
            return true;
          }}
        />
      }
    >
      <Button ref={target} endIcon={<CaretDown />} variant="outlined">
        {props.value ? <RefTitle model={props.model} uuid={props.value} /> : t('admin.emailTemplates.sampleValues')}
      </Button>
    </PopoverNext>
  );
}
