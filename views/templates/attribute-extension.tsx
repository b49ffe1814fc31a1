// An attribute's drawer on /settings/templates/attributes (docs/domain/attributes.md): its label per language, a
// select's options (a value and a label per language each), and a default of the attribute's type, instead of the
// JSON these fields hold.
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { Add, Trash } from '@blueprintjs/icons';
import { ErrorLines } from '../../src/components/form-fields';
import { labelIn, type AttributeLabels, type AttributeOption } from '../../src/domain/attributes';
import { LANGUAGES } from '../../src/i18n/languages';
import { useTranslation } from '../../src/i18n';
import type { ConfirmChangeProps, DrawerExtension, FormExtensionProps } from '../records/drawer-extension';
import { ActionButtons } from '../records/action-buttons';
import './attributes.css';

export const attributeExtension: DrawerExtension = {
  ownFields: ['labels', 'options', 'default'],
  form: (props) => <AttributeEditor {...props} />,
  // a change of type or options that some values do not survive asks first (docs/domain/attributes.md)
  confirmChange: (props) => <TypeChangeDialog {...props} />,
  // the last change of type or options undone, for 30 days
  panels: (record, onChanged) => (
    <ActionButtons
      model="attribute"
      record={record}
      actions={['undo_type_change']}
      onChanged={onChanged}
      texts="admin.attributes"
    />
  ),
};

/** The dry run of a type change: how many values convert, how many do not (with samples), and what to do. */
function TypeChangeDialog({ reply, onChoose, onCancel }: ConfirmChangeProps) {
  const { t } = useTranslation();
  const run = (reply.dry_run ?? {}) as {
    total?: number;
    converted?: number;
    failed?: number;
    samples?: { value: unknown }[];
  };
  return (
    <Dialog isOpen onClose={onCancel} title={t('admin.attributes.typeChange.title')}>
      <DialogBody>
        <p>{t('admin.attributes.typeChange.counts', { converted: run.converted ?? 0, failed: run.failed ?? 0 })}</p>
        {run.samples?.length ? (
          <>
            <p>{t('admin.attributes.typeChange.samples')}</p>
            <ul className="hw-attribute-samples">
              {run.samples.map((sample, i) => (
                <li key={i}>{Array.isArray(sample.value) ? sample.value.join('; ') : String(sample.value)}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>{t('admin.attributes.typeChange.undo')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button onClick={() => onChoose({ confirm: true, unconverted: 'clear' })} intent={Intent.DANGER}>
              {t('admin.attributes.typeChange.clear')}
            </Button>
            <Button onClick={() => onChoose({ confirm: true, unconverted: 'keep' })} intent={Intent.PRIMARY}>
              {t('admin.attributes.typeChange.keep')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

const isSelect = (type: unknown) => type === 'select' || type === 'multi_select';

/** A field's messages under it (the server names `labels`, `options.1.value`, `default`). */
function useField(errors: FormExtensionProps['errors']) {
  return (path: string) => {
    const messages = errors[path];
    return messages?.length
      ? { intent: Intent.DANGER, helperText: <ErrorLines messages={messages} /> }
      : { intent: Intent.NONE };
  };
}

function AttributeEditor({ draft, onChange, errors, readOnly }: FormExtensionProps) {
  const { t } = useTranslation();
  const field = useField(errors);
  const labels = (draft.labels ?? {}) as AttributeLabels;
  const options = (Array.isArray(draft.options) ? draft.options : []) as AttributeOption[];
  const language = (l: string) => t(`admin.attributes.language.${l}`);
  const [labelsField, optionsField, defaultField] = (['labels', 'options', 'default'] as const).map(field);
  const setOption = (i: number, next: AttributeOption | null) =>
    onChange('options', next ? options.map((o, j) => (j === i ? next : o)) : options.filter((_, j) => j !== i));
  return (
    <section className="hw-record-field-wide hw-attribute-editor" aria-label={t('admin.attributes.editor')}>
      <FormGroup
        label={t('entities.attribute.fields.labels')}
        labelInfo={t('records.required')}
        subLabel={t('admin.attributes.labelsHint')}
        {...labelsField}
      >
        <div className="hw-attribute-labels">
          {LANGUAGES.map((l) => (
            <label key={l}>
              <span>{language(l)}</span>
              <InputGroup
                aria-label={`${t('entities.attribute.fields.labels')} (${language(l)})`}
                value={labels[l] ?? ''}
                readOnly={readOnly}
                maxLength={100}
                onChange={(e) => onChange('labels', { ...labels, [l]: e.currentTarget.value })}
              />
            </label>
          ))}
        </div>
      </FormGroup>
      {(isSelect(draft.type) || options.length > 0) && (
        <FormGroup label={t('entities.attribute.fields.options')} {...optionsField}>
          <table className="hw-attribute-options">
            <thead>
              <tr>
                <th>{t('admin.attributes.value')}</th>
                {LANGUAGES.map((l) => (
                  <th key={l}>{language(l)}</th>
                ))}
                <th aria-label={t('admin.attributes.removeOption')} />
              </tr>
            </thead>
            <tbody>
              {options.map((o, i) => (
                <tr key={i}>
                  <td>
                    <InputGroup
                      aria-label={`${t('admin.attributes.value')} ${i + 1}`}
                      value={o.value}
                      readOnly={readOnly}
                      maxLength={100}
                      intent={errors[`options.${i}.value`]?.length ? Intent.DANGER : Intent.NONE}
                      title={errors[`options.${i}.value`]?.join(' ')}
                      onChange={(e) => setOption(i, { ...o, value: e.currentTarget.value })}
                    />
                  </td>
                  {LANGUAGES.map((l) => (
                    <td key={l}>
                      <InputGroup
                        aria-label={`${language(l)} ${i + 1}`}
                        value={o.labels?.[l] ?? ''}
                        readOnly={readOnly}
                        maxLength={100}
                        onChange={(e) => setOption(i, { ...o, labels: { ...o.labels, [l]: e.currentTarget.value } })}
                      />
                    </td>
                  ))}
                  <td>
                    <Button
                      minimal
                      icon={<Trash />}
                      disabled={readOnly}
                      aria-label={`${t('admin.attributes.removeOption')} ${i + 1}`}
                      onClick={() => setOption(i, null)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="hw-attribute-option-errors">
            {Object.entries(errors)
              .filter(([path]) => /^options\.\d+\./.test(path))
              .map(([path, messages]) => (
                <ErrorLines key={path} messages={messages} />
              ))}
          </div>
          <Button
            icon={<Add />}
            disabled={readOnly}
            onClick={() => onChange('options', [...options, { value: '', labels: {} }])}
          >
            {t('admin.attributes.addOption')}
          </Button>
        </FormGroup>
      )}
      <FormGroup label={t('entities.attribute.fields.default')} labelFor="attribute-default" {...defaultField}>
        <DefaultInput draft={draft} options={options} onChange={onChange} readOnly={readOnly} />
      </FormGroup>
    </section>
  );
}

/** A default of the attribute's type: an option, options, yes/no, a day, a number or a text. */
function DefaultInput({
  draft,
  options,
  onChange,
  readOnly,
}: Pick<FormExtensionProps, 'draft' | 'onChange' | 'readOnly'> & { options: AttributeOption[] }) {
  const { t, i18n } = useTranslation();
  const value = draft.default;
  const named = (o: AttributeOption) => labelIn(o.labels, i18n.language, o.value);
  const set = (v: unknown) => onChange('default', v === '' ? null : v);
  switch (draft.type) {
    case 'select':
      return (
        <HTMLSelect
          id="attribute-default"
          value={typeof value === 'string' ? value : ''}
          disabled={readOnly}
          onChange={(e) => set(e.currentTarget.value)}
          options={[
            { value: '', label: t('admin.attributes.noDefault') },
            ...options.map((o) => ({ value: o.value, label: named(o) })),
          ]}
        />
      );
    case 'multi_select': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <div id="attribute-default">
          {options.map((o) => (
            <Checkbox
              key={o.value}
              inline
              label={named(o)}
              disabled={readOnly}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                set(e.currentTarget.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))
              }
            />
          ))}
        </div>
      );
    }
    case 'bool':
      return (
        <HTMLSelect
          id="attribute-default"
          value={value === true ? 'true' : value === false ? 'false' : ''}
          disabled={readOnly}
          onChange={(e) => set(e.currentTarget.value === '' ? null : e.currentTarget.value === 'true')}
          options={[
            { value: '', label: t('admin.attributes.noDefault') },
            { value: 'true', label: t('grid.yes') },
            { value: 'false', label: t('grid.no') },
          ]}
        />
      );
    default: {
      const numeric = draft.type === 'int' || draft.type === 'decimal' || draft.type === 'money';
      return (
        <InputGroup
          id="attribute-default"
          type={draft.type === 'date' ? 'date' : 'text'}
          inputMode={numeric ? 'decimal' : undefined}
          value={value == null ? '' : String(value)}
          readOnly={readOnly}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    }
  }
}
