// The recurrence of a task (docs/domain/calculations.md, "Task recurrence") in the drawer's form: the repeat type, then only the
// fields that type needs (interval, unit, weekdays, month mode and ordinal, or the custom RRULE), the end rule, the
// anchor, lead days, due offset and skip weekends. The fields are the task's own, saved with the form's Save.
import { Checkbox, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { ErrorLines } from '../../src/components/form-fields';
import { WEEKDAYS, WEEKDAY_ORDINALS } from '../../src/domain/recurrence-types';
import { task } from '../../src/entities/task';
import { useTranslation } from '../../src/i18n';
import { useGridFormat } from '../../grids/use-grid-format';
import { FIELD_INPUTS, ReadOnlyText } from '../records/field-inputs';
import type { FormExtensionProps } from '../records/drawer-extension';
import { visibleRecurrenceFields, type RecurrenceField as Name } from './recurrence-fields';

export function RecurrenceEditor({ draft, onChange, errors, readOnly }: FormExtensionProps) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const single = draft.month_mode === 'by_weekday_ordinal';
  const days = String(draft.by_weekday ?? '')
    .split(',')
    .filter(Boolean);
  const toggleDay = (day: string) => {
    const next = single ? [day] : days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
    onChange('by_weekday', WEEKDAYS.filter((d) => next.includes(d)).join(',') || null);
  };
  const field = (name: Name) => {
    const id = `record-task-${name}`;
    const messages = errors[name];
    const label = t(`entities.task.fields.${name}`);
    const spec = task.fields[name];
    let input;
    if (name === 'by_weekday') {
      input = (
        <div role="group" aria-label={label} id={id}>
          {WEEKDAYS.map((day) => (
            <Checkbox
              key={day}
              inline
              disabled={readOnly}
              checked={days.includes(day)}
              onChange={() => toggleDay(day)}
              label={t(`planning.weekdays.${day}`)}
            />
          ))}
        </div>
      );
    } else if (name === 'weekday_ordinal') {
      input = (
        <HTMLSelect
          id={id}
          fill
          disabled={readOnly}
          value={
            draft.weekday_ordinal === null || draft.weekday_ordinal === undefined ? '' : String(draft.weekday_ordinal)
          }
          onChange={(e) => onChange(name, e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
          options={[
            { value: '', label: '—' },
            ...WEEKDAY_ORDINALS.map((o) => ({
              value: String(o),
              label: t(`planning.ordinals.${o === -1 ? 'last' : o}`),
            })),
          ]}
        />
      );
    } else {
      const Input = readOnly ? ReadOnlyText : FIELD_INPUTS[spec.kind];
      input = (
        <Input
          id={id}
          fieldRef={{ model: 'task', name, field: spec }}
          value={draft[name]}
          onChange={(value) => onChange(name, value)}
          invalid={Boolean(messages?.length)}
          format={format}
          draft={draft}
          lookupScope={{}}
        />
      );
    }
    return (
      <FormGroup
        key={name}
        label={label}
        labelFor={id}
        intent={messages?.length ? Intent.DANGER : Intent.NONE}
        helperText={
          messages?.length ? <ErrorLines messages={messages} /> : name === 'rrule' ? t('planning.rruleHelp') : undefined
        }
        className={name === 'rrule' || name === 'by_weekday' ? 'hw-record-field-wide' : undefined}
      >
        {input}
      </FormGroup>
    );
  };
  return (
    <fieldset className="hw-recurrence" aria-labelledby="hw-recurrence-title">
      <legend id="hw-recurrence-title">{t('planning.recurrence')}</legend>
      <div className="hw-record-form">{visibleRecurrenceFields(draft).map(field)}</div>
    </fieldset>
  );
}
