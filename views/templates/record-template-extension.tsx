// A record template's drawer on /settings/templates/records (docs/domain/record-templates.md): its values are edited
// as the form of a new record of its module — the module's own fields a template may fill and the settings group's
// attributes, none required — instead of the JSON they are stored as. The server's messages at `values.<field>` show
// under their field.
import { Callout, H5 } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { FieldErrors } from '../../src/api/errors';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import { draftValues, templateDraft, templateFieldNames } from '../../src/entities/record-template';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { useGridFormat } from '../../grids/use-grid-format';
import { useAttributes } from '../records/attributes';
import { RecordForm } from '../records/record-form';
import type { DrawerExtension, FormExtensionProps } from '../records/drawer-extension';

export const recordTemplateExtension: DrawerExtension = {
  ownFields: ['values'],
  form: (props) => <TemplateValues {...props} />,
};

/** A stand-in while no module is chosen (hooks need a model). */
const NONE = entityByName('property')!;

/** The module's form for a template: the fields a template may fill and every attribute, none of them required. */
function templateForm(entity: AnyEntity): AnyEntity {
  const allowed = new Set(templateFieldNames(entity));
  return {
    ...entity,
    fields: Object.fromEntries(
      Object.entries(entity.fields)
        .filter(([name]) => allowed.has(name) || name.startsWith('attributes.'))
        .map(([name, field]) => [name, { ...field, required: false }]),
    ),
  };
}

function TemplateValues({ draft, onChange, errors, readOnly }: FormExtensionProps) {
  const { t } = useTranslation();
  const { current: group } = useSelectedSettingsGroup();
  const format = useGridFormat();
  const model = typeof draft.model === 'string' ? entityByName(draft.model) : undefined;
  const sg = typeof draft.settings_group_uuid === 'string' ? draft.settings_group_uuid : (group?.uuid ?? null);
  const { entity } = useAttributes(model ?? NONE, sg);
  const form = useMemo(() => templateForm(entity), [entity]);
  const values = templateDraft(draft.values);
  // the server names `values.lifetime`, `values.attributes.fuel`: the form's fields are `lifetime`, `attributes.fuel`
  const own: FieldErrors = Object.fromEntries(
    Object.entries(errors).flatMap(([path, messages]) =>
      path.startsWith('values.') ? [[path.slice('values.'.length), messages]] : [],
    ),
  );
  const general = errors.values;
  return (
    <section className="hw-record-field-wide hw-template-values" aria-label={t('admin.recordTemplates.values')}>
      <H5>{t('admin.recordTemplates.values')}</H5>
      {general?.length ? <Callout intent="danger">{general.join(' ')}</Callout> : null}
      {model ? (
        <>
          <p className="bp6-text-muted">
            {t('admin.recordTemplates.hint', { model: t(`entities.${model.name}.one`) })}
          </p>
          <RecordForm
            entity={form}
            draft={values}
            onChange={(name, value) => onChange('values', draftValues({ ...values, [name]: value }))}
            errors={own}
            readOnly={readOnly}
            creating
            format={format}
            lookupScope={sg ? { settings_group_uuid: sg } : {}}
          />
        </>
      ) : (
        <p className="bp6-text-muted">{t('admin.recordTemplates.chooseModule')}</p>
      )}
    </section>
  );
}
