// A list query's filter built field by field (docs/domain/permissions.md, "Access rules"; docs/decisions.md, "Access
// rules and stored filters (client)"): one row per field of the model's list filters, each as the server's
// validation of `filter` takes it: text contains, a number or date equal to a value or from/to, yes/no, a list of
// choices (enum values, referenced records). The server's 422 on `filter.<field>` shows under its row.
import { Button, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { listRecords, recordTitle } from '../../src/api/records';
import type { FieldErrors } from '../../src/api/errors';
import { ErrorLines } from '../../src/components/form-fields';
import type { AnyEntity } from '../../src/entities/define';
import { storedFilterFields } from '../../src/entities/list-rules';
import { entityByName } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import { emptyValue, kindOf, type FilterJson } from './filter-json';
import { PickList } from './pick-list';

/** The choices of a list field: its enum values, or the records of the model it references. */
function useChoices(entity: AnyEntity, name: string, settingsGroup: string) {
  const { t } = useTranslation();
  const field = entity.fields[name]!;
  const target = field.kind === 'ref' ? entityByName(field.model) : undefined;
  const records = useQuery({
    queryKey: ['permissions', 'filter-choices', target?.name, settingsGroup],
    queryFn: () => listRecords(target!, { settings_group_uuid: settingsGroup, per_page: 500 }),
    enabled: Boolean(target),
  });
  if (field.kind === 'enum')
    return field.values.map((v) => ({ value: v, label: t(`enums.${entity.name}.${name}.${v}`) }));
  return (records.data?.data ?? []).map((r) => ({ value: r.uuid, label: recordTitle(target!, r) }));
}

function ListValue(props: {
  entity: AnyEntity;
  name: string;
  label: string;
  settingsGroup: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const options = useChoices(props.entity, props.name, props.settingsGroup);
  return <PickList label={props.label} options={options} value={props.value} onChange={props.onChange} />;
}

function ValueInput({
  entity,
  name,
  value,
  onChange,
  settingsGroup,
  invalid,
}: {
  entity: AnyEntity;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  settingsGroup: string;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const field = entity.fields[name]!;
  const label = t(`entities.${entity.name}.fields.${name}`);
  const intent = invalid ? Intent.DANGER : Intent.NONE;
  switch (kindOf(field)) {
    case 'text':
      return (
        <InputGroup
          aria-label={t('admin.filter.containsOf', { field: label })}
          placeholder={t('admin.filter.contains')}
          intent={intent}
          value={(value as { contains?: string }).contains ?? ''}
          onValueChange={(contains) => onChange({ contains })}
          maxLength={200}
        />
      );
    case 'bool':
      return (
        <HTMLSelect
          aria-label={label}
          value={value ? '1' : '0'}
          onChange={(event) => onChange(event.currentTarget.value === '1')}
          options={[
            { value: '1', label: t('admin.filter.yes') },
            { value: '0', label: t('admin.filter.no') },
          ]}
        />
      );
    case 'list':
      return (
        <ListValue
          entity={entity}
          name={name}
          label={label}
          settingsGroup={settingsGroup}
          value={value as string[]}
          onChange={onChange}
        />
      );
    default: {
      const range = value as { from: string; to: string };
      const type = field.kind === 'date' ? 'date' : 'text';
      const placeholder = field.kind === 'datetime' ? 'YYYY-MM-DDTHH:MM:SSZ' : undefined;
      return (
        <span className="hw-filter-range">
          <InputGroup
            type={type}
            aria-label={t('admin.filter.fromOf', { field: label })}
            placeholder={placeholder ?? t('admin.filter.from')}
            intent={intent}
            value={range.from}
            onValueChange={(from) => onChange({ ...range, from })}
          />
          <span aria-hidden>–</span>
          <InputGroup
            type={type}
            aria-label={t('admin.filter.toOf', { field: label })}
            placeholder={placeholder ?? t('admin.filter.to')}
            intent={intent}
            value={range.to}
            onValueChange={(to) => onChange({ ...range, to })}
          />
        </span>
      );
    }
  }
}

export function FilterBuilder({
  entity,
  value,
  onChange,
  errors,
  settingsGroup,
  idPrefix,
}: {
  entity: AnyEntity;
  value: FilterJson;
  onChange: (value: FilterJson) => void;
  errors: FieldErrors;
  settingsGroup: string;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const fields = storedFilterFields(entity);
  const unused = fields.filter((name) => !(name in value));
  const label = (name: string) => t(`entities.${entity.name}.fields.${name}`);
  const add = (name: string) => onChange({ ...value, [name]: emptyValue(entity.fields[name]!) });
  return (
    <div className="hw-filter-builder">
      {Object.entries(value).map(([name, v]) => {
        const messages = errors[`filter.${name}`];
        return (
          <FormGroup
            key={name}
            label={label(name)}
            intent={messages?.length ? Intent.DANGER : Intent.NONE}
            helperText={<ErrorLines messages={messages} />}
            className="hw-filter-row"
          >
            <span className="hw-filter-line">
              <ValueInput
                entity={entity}
                name={name}
                value={v}
                settingsGroup={settingsGroup}
                invalid={Boolean(messages?.length)}
                onChange={(next) => onChange({ ...value, [name]: next })}
              />
              <Button
                variant="minimal"
                icon={<Trash />}
                aria-label={t('admin.filter.removeOf', { field: label(name) })}
                title={t('admin.filter.remove')}
                onClick={() => {
                  const rest = { ...value };
                  delete rest[name];
                  onChange(rest);
                }}
              />
            </span>
          </FormGroup>
        );
      })}
      {unused.length > 0 && (
        <span className="hw-filter-add">
          <Plus />
          <HTMLSelect
            id={`${idPrefix}-add-field`}
            aria-label={t('admin.filter.addField')}
            value=""
            onChange={(event) => event.currentTarget.value && add(event.currentTarget.value)}
            options={[
              { value: '', label: t('admin.filter.addField') },
              ...unused.map((name) => ({ value: name, label: label(name) })),
            ]}
          />
        </span>
      )}
    </div>
  );
}
