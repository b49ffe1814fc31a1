// An e-mail template's drawer on /settings/templates/emails (docs/domain/email-templates.md): beside the subject and
// the text, the placeholders the chosen mail offers (a click puts one at the end of the text), and a preview of the
// template as it stands in the form, rendered by the server with sample values.
import { Button, Callout, Code, FormGroup, H5, Intent, Tag } from '@blueprintjs/core';
import { EyeOpen } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../src/api/errors';
import { http } from '../../src/api/http';
import { reportActionError } from '../../src/components/notices';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { MAIL_PLACEHOLDERS, type MailKey } from '../../src/domain/mail-templates';
import { useTranslation } from '../../src/i18n';
import type { DrawerExtension, FormExtensionProps } from '../records/drawer-extension';
import './email-templates.css';

interface Preview {
  subject: string;
  text: string;
  html: string;
}

export const emailTemplateExtension: DrawerExtension = {
  form: (props) => <PlaceholdersAndPreview {...props} />,
};

function PlaceholdersAndPreview({ draft, onChange, readOnly }: FormExtensionProps) {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const mail =
    typeof draft.mail === 'string' && Object.hasOwn(MAIL_PLACEHOLDERS, draft.mail) ? (draft.mail as MailKey) : null;
  const preview = useMutation({
    mutationFn: () =>
      http.post<Preview>('email-templates/preview', {
        settings_group_uuid: typeof draft.settings_group_uuid === 'string' ? draft.settings_group_uuid : current?.uuid,
        mail,
        locale: draft.locale,
        subject: String(draft.subject ?? ''),
        body: String(draft.body ?? ''),
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
          {MAIL_PLACEHOLDERS[mail].map((name) => (
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
      <Button icon={<EyeOpen />} loading={preview.isPending} onClick={() => preview.mutate()}>
        {t('admin.emailTemplates.preview')}
      </Button>
      {problems.length > 0 && (
        <Callout intent={Intent.DANGER} compact>
          {problems.join(' ')}
        </Callout>
      )}
      {preview.data && !preview.isPending && (
        <div className="hw-email-template-preview" role="region" aria-label={t('admin.emailTemplates.previewTitle')}>
          <H5>{preview.data.subject}</H5>
          <Code className="hw-email-template-text">{preview.data.text}</Code>
        </div>
      )}
    </section>
  );
}
