// The record form generated from the model definition: one input per field kind (field-inputs.tsx), labels
// from entities.<model>.fields.<field>, the server's 422 messages under each field.
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from '../../src/i18n';
import type { FieldErrors } from '../../src/api/errors';
import { ErrorLines } from '../../src/components/form-fields';
import type { AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import type { FormatContext } from '../../grids/format-value';
import { useRefTitle } from '../../grids/ref-titles';
import { FIELD_INPUTS, ReadOnlyText, type InputProps } from './field-inputs';

interface Props {
  entity: AnyEntity;
  draft: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  errors: FieldErrors;
  /** No `update` link (archived, or no right): every field is shown read-only. */
  readOnly: boolean;
  creating: boolean;
  format: FormatContext;
  lookupScope: Record<string, string>;
  /** Fields a module's own editor shows instead (drawer-extension.ts). */
  omit?: readonly string[];
}

function ReadOnlyRef(props: InputProps) {
  const model = props.fieldRef.field.kind === 'ref' ? props.fieldRef.field.model : '';
  const { data } = useRefTitle(model, typeof props.value === 'string' ? props.value : null);
  return <InputGroup id={props.id} readOnly value={data ?? ''} />;
}

export function RecordForm({ entity, draft, onChange, errors, readOnly, creating, format, lookupScope, omit }: Props) {
  const { t } = useTranslation();
  return (
    <div className="hw-record-form">
      {Object.entries(entity.fields).map(([name, field]) => {
        const writable = isWritable(field) && !readOnly;
        if ((creating && !isWritable(field)) || omit?.includes(name)) return null;
        const Input = writable ? FIELD_INPUTS[field.kind] : field.kind === 'ref' ? ReadOnlyRef : ReadOnlyText;
        const messages = errors[name];
        const id = `record-${entity.name}-${name}`;
        const wide = field.kind === 'long_text';
        return (
          <FormGroup
            key={name}
            className={wide ? 'hw-record-field-wide' : undefined}
            label={t(`entities.${entity.name}.fields.${name}`)}
            labelFor={id}
            labelInfo={field.required && writable ? t('records.required') : undefined}
            intent={messages?.length ? Intent.DANGER : Intent.NONE}
            helperText={messages?.length ? <ErrorLines messages={messages} /> : undefined}
          >
            <Input
              id={id}
              fieldRef={{ model: entity.name, name, field }}
              value={draft[name]}
              onChange={(value) => onChange(name, value)}
              invalid={Boolean(messages?.length)}
              format={format}
              draft={draft}
              lookupScope={lookupScope}
              onFieldChange={onChange}
            />
          </FormGroup>
        );
      })}
    </div>
  );
}
