// One setting's input on a settings form (docs/domain/fields.md, "Model settings", "Workspace settings"): a switch
// for a yes/no value, a select for one of a list, checkboxes for some of a list, a text input for a text, a number or
// a list of numbers (comma separated); its 422 messages under it. The drafts are what the inputs hold.
import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, Switch } from '@blueprintjs/core';
import type { FieldErrors } from '../../src/api/errors';
import { ErrorLines } from '../../src/components/form-fields';
import type { Setting } from '../../src/entities/model-settings';
import { valuesToSend } from './record-setting-fields';

/** What an input holds: the text typed, on/off, the values ticked, or a new record's default values by field. */
export type Draft = string | boolean | string[] | Record<string, unknown>;

export function toDraft(setting: Setting, value: unknown): Draft {
  if (setting.kind === 'bool') return value === true;
  if (setting.kind === 'int_list') return Array.isArray(value) ? value.join(', ') : '';
  if (setting.kind === 'choice_list') return Array.isArray(value) ? value.map(String) : [];
  if (setting.kind === 'field_values')
    return value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  return value === undefined || value === null ? '' : String(value);
}

/** A typed number as a number; anything else is sent as typed, for the server to name what is wrong with it. */
const number = (text: string): number | string => (/^-?\d+$/.test(text) ? Number(text) : text);

export function fromDraft(setting: Setting, draft: Draft): unknown {
  if (setting.kind === 'bool') return draft === true;
  if (setting.kind === 'choice_list') return Array.isArray(draft) ? draft : [];
  if (setting.kind === 'field_values')
    return draft && typeof draft === 'object' && !Array.isArray(draft) ? valuesToSend(draft) : {};
  const text = String(draft).trim();
  if (setting.kind === 'int') return number(text);
  if (setting.kind === 'int_list')
    return text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map(number);
  return text;
}

/** The 422's messages by setting: `reminder_days.1` belongs to `reminder_days` (`depth` 2: `finance.currency`). */
export function errorsByKey(errors: FieldErrors, depth = 1): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(errors))
    (out[path.split('.').slice(0, depth).join('.')] ??= []).push(...messages);
  return out;
}

export interface SettingTexts {
  label: string;
  hint: string;
  option: (value: string) => string;
  /** Set when another setting takes this one's place: the input is disabled and this says why. */
  overridden?: string | undefined;
}

export function SettingField({
  name,
  setting,
  draft,
  onEdit,
  errors,
  texts,
}: {
  name: string;
  setting: Setting;
  draft: Draft;
  onEdit: (value: Draft) => void;
  errors: string[] | undefined;
  texts: SettingTexts;
}) {
  const id = `hw-setting-${name}`;
  const invalid = Boolean(errors?.length);
  const overridden = texts.overridden !== undefined;
  const control =
    setting.kind === 'bool' ? (
      <Switch id={id} label={texts.label} checked={draft === true} onChange={(e) => onEdit(e.currentTarget.checked)} />
    ) : setting.kind === 'choice' ? (
      <HTMLSelect
        id={id}
        name={name}
        value={String(draft)}
        onChange={(e) => onEdit(e.currentTarget.value)}
        options={setting.options.map((value) => ({ value, label: texts.option(value) }))}
      />
    ) : setting.kind === 'choice_list' ? (
      <div id={id} role="group" aria-label={texts.label}>
        {setting.options.map((value) => {
          const picked = Array.isArray(draft) ? draft : [];
          return (
            <Checkbox
              key={value}
              inline
              label={texts.option(value)}
              checked={picked.includes(value)}
              onChange={(e) =>
                onEdit(
                  e.currentTarget.checked
                    ? setting.options.filter((o) => o === value || picked.includes(o))
                    : picked.filter((o) => o !== value),
                )
              }
            />
          );
        })}
      </div>
    ) : (
      <InputGroup
        id={id}
        name={name}
        value={String(draft)}
        onValueChange={(value) => onEdit(value)}
        disabled={overridden}
        inputMode={setting.kind === 'text' ? 'text' : 'numeric'}
        maxLength={setting.kind === 'text' ? setting.max : undefined}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        aria-invalid={invalid || undefined}
      />
    );
  // a switch carries its own label
  return (
    <FormGroup
      {...(setting.kind === 'bool' ? {} : { label: texts.label, labelFor: id })}
      helperText={invalid ? <ErrorLines messages={errors} /> : overridden ? texts.overridden : texts.hint}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      disabled={overridden}
    >
      {control}
    </FormGroup>
  );
}
