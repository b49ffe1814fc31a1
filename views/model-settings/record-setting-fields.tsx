// The inputs of a model's record settings on its settings page (docs/domain/fields.md, "Model settings"): a new
// record's default values (a field picked from the model's fields, its value typed in the record form's input for
// its kind) and the default grid view (a select of the shared views of the model's table in the settings group).
import { Button, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { Cross } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import type { GridView } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import type { FieldValuesSetting } from '../../src/entities/model-settings';
import { ErrorLines } from '../../src/components/form-fields';
import { useTranslation } from '../../src/i18n';
import { gridViewsQuery } from '../../grids/grid-views-query';
import { InvalidInput } from '../../grids/format-value';
import { useGridFormat } from '../../grids/use-grid-format';
import { FIELD_INPUTS } from '../records/field-inputs';

/** A setting's label and hint (as setting-field.tsx takes them). */
type SettingTexts = { label: string; hint: string };

/** What the default values' inputs hold: the API value of each field picked (an input's unparsed text as typed). */
export type ValuesDraft = Record<string, unknown>;

/** The default values to send: the fields with a value (a cleared one is dropped), unparsed input as typed for the
 * server to name. */
export const valuesToSend = (draft: ValuesDraft): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(draft)
      .filter(([, value]) => value !== null && value !== undefined && value !== '')
      .map(([name, value]) => [name, value instanceof InvalidInput ? value.text : value]),
  );

/** A field's value when it is first picked: its own default, off for a yes/no, else empty. */
const firstValue = (setting: FieldValuesSetting, name: string) => {
  const field = setting.fields[name]!;
  if ('default' in field && field.default !== undefined) return field.default;
  return field.kind === 'bool' ? false : null;
};

export function DefaultValuesField({
  entity,
  setting,
  sg,
  draft,
  onEdit,
  errors,
  texts,
}: {
  entity: AnyEntity;
  setting: FieldValuesSetting;
  sg: string;
  draft: ValuesDraft;
  onEdit: (value: ValuesDraft) => void;
  /** The 422's messages by path (`default_values.notice_period`). */
  errors: Record<string, string[]>;
  texts: SettingTexts;
}) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const label = (name: string) => t(`entities.${entity.name}.fields.${name}`);
  const picked = Object.keys(draft).filter((name) => name in setting.fields);
  const left = Object.keys(setting.fields).filter((name) => !picked.includes(name));
  const own = errors['default_values'];
  return (
    <FormGroup
      label={texts.label}
      labelFor="hw-setting-default_values"
      helperText={own?.length ? <ErrorLines messages={own} /> : texts.hint}
      intent={own?.length ? Intent.DANGER : Intent.NONE}
    >
      <div className="hw-default-values" role="group" aria-label={texts.label}>
        {picked.map((name) => {
          const field = setting.fields[name]!;
          const Input = FIELD_INPUTS[field.kind];
          const messages = errors[`default_values.${name}`];
          const id = `hw-default-${name}`;
          return (
            <FormGroup
              key={name}
              inline
              label={label(name)}
              labelFor={id}
              intent={messages?.length ? Intent.DANGER : Intent.NONE}
              helperText={messages?.length ? <ErrorLines messages={messages} /> : undefined}
            >
              <div className="hw-default-value">
                <Input
                  id={id}
                  fieldRef={{ model: entity.name, name, field }}
                  value={draft[name]}
                  onChange={(value) => onEdit({ ...draft, [name]: value })}
                  invalid={Boolean(messages?.length)}
                  format={format}
                  draft={draft}
                  lookupScope={{ settings_group_uuid: sg }}
                />
                <Button
                  variant="minimal"
                  icon={<Cross />}
                  aria-label={t('admin.modelSettings.removeField', { field: label(name) })}
                  onClick={() => onEdit(Object.fromEntries(Object.entries(draft).filter(([n]) => n !== name)))}
                />
              </div>
            </FormGroup>
          );
        })}
        {left.length > 0 && (
          <HTMLSelect
            id="hw-setting-default_values"
            value=""
            aria-label={t('admin.modelSettings.pickField')}
            onChange={(e) => {
              const name = e.currentTarget.value;
              if (name) onEdit({ ...draft, [name]: firstValue(setting, name) });
            }}
            options={[
              { value: '', label: t('admin.modelSettings.pickField') },
              ...left.map((name) => ({ value: name, label: label(name) })),
            ]}
          />
        )}
      </div>
    </FormGroup>
  );
}

export function DefaultViewField({
  entity,
  sg,
  draft,
  onEdit,
  errors,
  texts,
}: {
  entity: AnyEntity;
  sg: string;
  draft: string;
  onEdit: (value: string) => void;
  errors: string[] | undefined;
  texts: SettingTexts;
}) {
  const { t } = useTranslation();
  // the shared views of the model's table in this settings group (the saved views the grids list)
  const views = useQuery({
    ...gridViewsQuery,
    select: (all: GridView[]) =>
      all.filter(
        (view) =>
          view.shared &&
          view.settings_group_uuid === sg &&
          (view.table_name === entity.name || view.table_name === entity.plural),
      ),
  });
  const list = views.data ?? [];
  const invalid = Boolean(errors?.length);
  const known = draft === '' || list.some((view) => view.uuid === draft);
  return (
    <FormGroup
      label={texts.label}
      labelFor="hw-setting-default_view"
      helperText={invalid ? <ErrorLines messages={errors} /> : texts.hint}
      intent={invalid ? Intent.DANGER : Intent.NONE}
    >
      <HTMLSelect
        id="hw-setting-default_view"
        name="default_view"
        value={draft}
        onChange={(e) => onEdit(e.currentTarget.value)}
        options={[
          { value: '', label: t('admin.modelSettings.noView') },
          ...list.map((view) => ({ value: view.uuid, label: view.name })),
          // a view no longer listed (deleted, unshared) stays shown until another is picked
          ...(known ? [] : [{ value: draft, label: draft }]),
        ]}
      />
    </FormGroup>
  );
}
