// Custom cell editors: numbers typed in the user's language, and the lookup of referenced records. Both hand
// the grid the API value (or an InvalidInput); `readOnlyEdit` turns it into a cellEditRequest (data-grid.tsx).
import type { CustomCellEditorProps } from 'ag-grid-react';
import { useEffect, useRef, useState } from 'react';
import type { FieldKind } from '../src/entities/fields';
import { InvalidInput, editText, parseNumber } from './format-value';
import type { GridContext } from './grid-context';
import type { ApiRecord } from './records-api';
import { RefLookup } from './ref-lookup';

type Props = CustomCellEditorProps<ApiRecord, unknown, GridContext>;
const printable = (key: string | null | undefined) => (key && key.length === 1 ? key : null);

export function NumberTextEditor(props: Props & { kind: FieldKind }) {
  const { context, eventKey, onValueChange, kind } = props;
  const typed = printable(eventKey);
  const [text, setText] = useState(() => typed ?? editText(props.initialValue, context.format.locale));
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    if (!typed) input.current?.select();
    if (typed) onValueChange(toValue(typed));
    // only when the editor opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function toValue(value: string) {
    const parsed = parseNumber(value, kind, context.format.locale);
    return parsed.ok ? parsed.value : new InvalidInput(value);
  }

  return (
    <input
      ref={input}
      className="hw-grid-number-editor"
      inputMode="decimal"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onValueChange(toValue(event.target.value));
      }}
    />
  );
}

export function RefLookupEditor(props: Props & { model: string; allowClear: boolean; propertyScoped: boolean }) {
  const { context, data, eventKey, onValueChange, stopEditing, model, value, allowClear, propertyScoped } = props;
  const picked = useRef(false);
  const scope: Record<string, string | string[]> = { ...context.lookupScope };
  if (propertyScoped && typeof data?.property_uuid === 'string') scope.property_uuids = [data.property_uuid];

  // Stop after the grid has the new value (onValueChange is applied on the next render).
  useEffect(() => {
    if (picked.current) stopEditing();
  }, [value, stopEditing]);

  return (
    <div className="hw-grid-popup-editor">
      <RefLookup
        model={model}
        scope={scope}
        initialSearch={printable(eventKey) ?? ''}
        allowClear={allowClear}
        onPick={(uuid) => {
          picked.current = true;
          if (uuid === value) stopEditing();
          else onValueChange(uuid);
        }}
        onCancel={() => stopEditing(true)}
      />
    </div>
  );
}
