// One input component per field kind (an exhaustive map), for the record form. Numbers and dates are typed
// in the user's language and date format; what does not parse reaches the form as an InvalidInput.
import { Button, HTMLSelect, InputGroup, PopoverNext, Switch, TextArea } from '@blueprintjs/core';
import { CaretDown } from '@blueprintjs/icons';
import { useState, type ComponentType } from 'react';
import { useTranslation } from '../../src/i18n';
import type { FieldKind } from '../../src/entities/fields';
import { entityByName } from '../../src/entities/registry';
import { displayDateFormat, formatDate, formatDateTime } from '../../src/i18n/format';
import { parseDateTime } from '../../src/domain/parse';
import {
  InvalidInput,
  editText,
  formatValue,
  parseDate,
  parseNumber,
  type FieldRef,
  type FormatContext,
} from '../../grids/format-value';
import { RefLookup } from '../../grids/ref-lookup';
import { RefTitle } from '../../grids/ref-titles';

export interface InputProps {
  id: string;
  fieldRef: FieldRef;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
  format: FormatContext;
  /** The record being edited (a lookup narrows to its property). */
  draft: Record<string, unknown>;
  lookupScope: Record<string, string>;
}

const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const textOrNull = (value: string) => (value === '' ? null : value);

function TextInput({ type }: { type: 'text' | 'email' | 'tel' }) {
  return function Input({ id, fieldRef, value, onChange, invalid }: InputProps) {
    const max = 'max' in fieldRef.field ? fieldRef.field.max : undefined;
    return (
      <InputGroup
        id={id}
        type={type}
        value={str(value)}
        maxLength={max}
        intent={invalid ? 'danger' : 'none'}
        onValueChange={(v) => onChange(textOrNull(v))}
      />
    );
  };
}

/**
 * Keeps what the user typed while it does not parse (or parses to the same value: "3.50" stays as typed); hands
 * the form the API value. When the form's value changes from elsewhere (a save, a transition), the input shows it,
 * so what is on screen is always what Save sends.
 */
function ParsedInput({
  initial,
  parse,
  placeholder,
  ...p
}: InputProps & {
  initial: string;
  parse: (text: string) => ReturnType<typeof parseNumber>;
  placeholder?: string;
}) {
  const [typed, setTyped] = useState({ text: initial, value: p.value });
  let text = typed.text;
  if (typed.value !== p.value && !(p.value instanceof InvalidInput)) {
    text = initial;
    setTyped({ text, value: p.value });
  }
  return (
    <InputGroup
      id={p.id}
      value={p.value instanceof InvalidInput ? p.value.text : text}
      placeholder={placeholder}
      inputMode={placeholder ? 'numeric' : 'decimal'}
      intent={p.invalid ? 'danger' : 'none'}
      onValueChange={(v) => {
        const parsed = parse(v);
        const value = parsed.ok ? parsed.value : new InvalidInput(v);
        setTyped({ text: v, value });
        p.onChange(value);
      }}
    />
  );
}

function NumberInput(props: InputProps) {
  const { format, fieldRef, value } = props;
  return (
    <ParsedInput
      {...props}
      initial={value instanceof InvalidInput ? value.text : editText(value, format.locale)}
      parse={(text) => parseNumber(text, fieldRef.field.kind, format.locale)}
    />
  );
}

function DateInput(props: InputProps) {
  const { format, value } = props;
  return (
    <ParsedInput
      {...props}
      initial={typeof value === 'string' ? formatDate(value, format.dateFormat) : ''}
      placeholder={displayDateFormat(format.dateFormat)}
      parse={(text) => parseDate(text, format.dateFormat)}
    />
  );
}

function DateTimeInput(props: InputProps) {
  const { format, value } = props;
  return (
    <ParsedInput
      {...props}
      initial={typeof value === 'string' ? formatDateTime(value, format.dateFormat) : ''}
      placeholder={`${displayDateFormat(format.dateFormat)} HH:mm`}
      parse={(text) => parseDateTime(text, format.dateFormat)}
    />
  );
}

function ReadOnlyText(props: InputProps) {
  return (
    <InputGroup id={props.id} readOnly value={formatValue(props.value, props.fieldRef, props.format, props.draft)} />
  );
}

function BoolInput({ id, value, onChange }: InputProps) {
  return <Switch id={id} checked={Boolean(value)} onChange={(e) => onChange(e.currentTarget.checked)} />;
}

function LongTextInput({ id, value, onChange, invalid, fieldRef }: InputProps) {
  const max = 'max' in fieldRef.field ? fieldRef.field.max : undefined;
  return (
    <TextArea
      id={id}
      fill
      autoResize
      maxLength={max}
      intent={invalid ? 'danger' : 'none'}
      value={str(value)}
      onChange={(e) => onChange(textOrNull(e.currentTarget.value))}
    />
  );
}

function EnumInput({ id, value, onChange, fieldRef, format }: InputProps) {
  const { field, model, name } = fieldRef;
  const values = field.kind === 'enum' ? field.values : [];
  const options = values.map((v) => ({ value: v, label: format.t(`enums.${model}.${name}.${v}`) }));
  return (
    <HTMLSelect
      id={id}
      fill
      value={str(value)}
      onChange={(e) => onChange(textOrNull(e.currentTarget.value))}
      options={field.required ? options : [{ value: '', label: '' }, ...options]}
    />
  );
}

function RefInput({ id, value, onChange, fieldRef, draft, lookupScope, invalid }: InputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const model = fieldRef.field.kind === 'ref' ? fieldRef.field.model : '';
  const scope: Record<string, string | string[]> = { ...lookupScope };
  if (entityByName(model)?.scope === 'property' && typeof draft.property_uuid === 'string')
    scope.property_uuids = [draft.property_uuid];
  const pick = (uuid: string | null) => {
    onChange(uuid);
    setOpen(false);
  };
  return (
    <PopoverNext
      fill
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-start"
      content={
        <RefLookup
          model={model}
          scope={scope}
          allowClear={!fieldRef.field.required}
          onPick={pick}
          onCancel={() => setOpen(false)}
        />
      }
    >
      <Button
        id={id}
        fill
        alignText="start"
        endIcon={<CaretDown />}
        intent={invalid ? 'danger' : 'none'}
        variant="outlined"
      >
        {typeof value === 'string' && value ? <RefTitle model={model} uuid={value} /> : t('grid.lookup.choose')}
      </Button>
    </PopoverNext>
  );
}

export const FIELD_INPUTS = {
  text: TextInput({ type: 'text' }),
  long_text: LongTextInput,
  email: TextInput({ type: 'email' }),
  phone: TextInput({ type: 'tel' }),
  int: NumberInput,
  decimal: NumberInput,
  money: NumberInput,
  area: NumberInput,
  percent: NumberInput,
  geo: NumberInput,
  bool: BoolInput,
  date: DateInput,
  datetime: DateTimeInput,
  enum: EnumInput,
  ref: RefInput,
} satisfies { [K in FieldKind]: ComponentType<InputProps> };

export { ReadOnlyText };
