// One input component per field kind (an exhaustive map), for the record form. Numbers and dates are typed
// in the user's language and date format; what does not parse reaches the form as an InvalidInput.
import { Button, Checkbox, HTMLSelect, InputGroup, PopoverNext, Switch, TagInput, TextArea } from '@blueprintjs/core';
import { CaretDown } from '@blueprintjs/icons';
import { useEffect, useState, type ComponentType } from 'react';
import { useReturnFocus } from '../../src/components/use-return-focus';
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
import { RefTitle, knownRefTitle, preloadTitles, uuidOfTitle } from '../../grids/ref-titles';
import type { ApiRecord } from '../../src/api/records';

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
  /** Changes another field of the draft (a picked meter fills the reading's empty property). */
  onFieldChange?: (name: string, value: unknown) => void;
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

/** Several options: a checkbox each, in the options' order; none checked is no value. */
function EnumsInput({ id, value, onChange, fieldRef, format }: InputProps) {
  const { field, model, name } = fieldRef;
  const values = field.kind === 'enums' ? field.values : [];
  const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
  const toggle = (v: string, on: boolean) => {
    const next = values.filter((x) => (x === v ? on : chosen.has(x)));
    onChange(next.length ? next : null);
  };
  return (
    <div id={id} role="group" className="hw-enums-input">
      {values.map((v) => (
        <Checkbox
          key={v}
          inline
          label={format.t(`enums.${model}.${name}.${v}`)}
          checked={chosen.has(v)}
          onChange={(e) => toggle(v, e.currentTarget.checked)}
        />
      ))}
    </div>
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
      // a required field shows the empty choice only while it has no value: the select never shows an option the
      // draft does not hold (a save without a choice is the required 422, not a value the user did not pick)
      options={field.required && str(value) !== '' ? options : [{ value: '', label: '' }, ...options]}
    />
  );
}

function RefInput({ id, value, onChange, fieldRef, draft, lookupScope, invalid, onFieldChange }: InputProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { target, onClosed } = useReturnFocus();
  const model = fieldRef.field.kind === 'ref' ? fieldRef.field.model : '';
  const scope: Record<string, string | string[]> = { ...lookupScope };
  if (entityByName(model)?.scope === 'property' && typeof draft.property_uuid === 'string')
    scope.property_uuids = [draft.property_uuid];
  const pick = (uuid: string | null, record?: ApiRecord) => {
    onChange(uuid);
    // the picked record's property becomes the draft's when it has none yet (the lookup was not narrowed)
    const property = record?.property_uuid;
    const hasProperty = Boolean(entityByName(fieldRef.model)?.fields.property_uuid);
    if (fieldRef.name !== 'property_uuid' && hasProperty && !draft.property_uuid)
      if (typeof property === 'string') onFieldChange?.('property_uuid', property);
    setOpen(false);
  };
  return (
    <PopoverNext
      fill
      shouldReturnFocusOnClose={false}
      onClosed={onClosed}
      isOpen={open}
      onInteraction={setOpen}
      placement="bottom-start"
      content={
        <RefLookup
          model={model}
          scope={scope}
          allowClear={!fieldRef.field.required}
          onPick={pick}
          onCancel={() => {
            if (!open) return false; // closing already: the Escape is the dialog's
            setOpen(false);
            return true;
          }}
        />
      }
    >
      <Button
        ref={target}
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

/**
 * A list of references: one tag per record (its title); titles typed and separated by `;` or Enter are added when a
 * record of that title is known (every title of the model is loaded when the input opens), else kept as typed and
 * the field marked invalid.
 */
function RefsInput({ id, value, onChange, fieldRef, invalid }: InputProps) {
  const model = fieldRef.field.kind === 'refs' ? fieldRef.field.model : '';
  const [, loaded] = useState(0);
  const [unknown, setUnknown] = useState('');
  useEffect(() => {
    void preloadTitles(model)
      .then(() => loaded((n) => n + 1))
      .catch(() => undefined);
  }, [model]);
  const uuids = Array.isArray(value) ? value.map(String) : [];
  return (
    <TagInput
      inputProps={{ id }}
      fill
      separator=";"
      intent={invalid || unknown ? 'danger' : 'none'}
      values={uuids.map((u) => knownRefTitle(model, u) ?? u)}
      inputValue={unknown || undefined}
      onInputChange={(e) => setUnknown(e.currentTarget.value)}
      onAdd={(titles) => {
        const found = titles.map((t) => uuidOfTitle(model, t));
        const missing = titles.filter((_, i) => !found[i]);
        setUnknown(missing.join('; '));
        onChange([...new Set([...uuids, ...found.filter((u): u is string => Boolean(u))])]);
        return missing.length === 0;
      }}
      onRemove={(_title, index) => onChange(uuids.filter((_, i) => i !== index))}
    />
  );
}

/** A JSON value as text; what does not parse reaches the form as an InvalidInput. */
function JsonInput({ id, value, onChange, invalid }: InputProps) {
  const text = value instanceof InvalidInput ? value.text : value == null ? '' : JSON.stringify(value, null, 2);
  return (
    <TextArea
      id={id}
      fill
      value={text}
      intent={invalid ? 'danger' : 'none'}
      onChange={(e) => {
        const v = e.currentTarget.value;
        if (v.trim() === '') return onChange(null);
        try {
          onChange(JSON.parse(v) as unknown);
        } catch {
          onChange(new InvalidInput(v));
        }
      }}
    />
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
  enums: EnumsInput,
  ref: RefInput,
  refs: RefsInput,
  json: JsonInput,
} satisfies { [K in FieldKind]: ComponentType<InputProps> };

export { ReadOnlyText };
