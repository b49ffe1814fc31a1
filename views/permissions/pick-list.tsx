// A multi-select as a button that opens a list of checkboxes (docs/decisions.md, "Members, user groups and
// permission groups"): the user groups of a member, the members of a user group, the user groups of a permission
// group.
import { Button, Checkbox, Classes, Menu, PopoverNext } from '@blueprintjs/core';
import { CaretDown } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../src/i18n';

export interface PickOption {
  value: string;
  label: string;
}

export function PickList({
  options,
  value,
  onChange,
  disabled,
  label,
}: {
  options: readonly PickOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** The accessible name of the button (the column or field it edits). */
  label: string;
}) {
  const { t } = useTranslation();
  // the boxes follow a click at once; the server's answer (a refetch) sets them again
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const chosen = options.filter((option) => draft.includes(option.value));
  const toggle = (uuid: string, on: boolean) => {
    const next = on ? [...draft, uuid] : draft.filter((candidate) => candidate !== uuid);
    setDraft(next);
    onChange(next);
  };
  const text = chosen.length ? chosen.map((option) => option.label).join(', ') : t('permissions.none');
  return (
    <PopoverNext
      placement="bottom-start"
      // closed by a click elsewhere, the focus stays where the user clicked (docs/decisions.md, "Focus after a
      // picker closes"); Escape still gives it back to the button
      shouldReturnFocusOnClose={false}
      disabled={disabled}
      content={
        <Menu className="hw-pick-list" aria-label={label}>
          {options.length === 0 && <li className={Classes.TEXT_MUTED}>{t('permissions.noOptions')}</li>}
          {options.map((option) => (
            <li key={option.value}>
              <Checkbox
                checked={draft.includes(option.value)}
                label={option.label}
                onChange={(event) => toggle(option.value, event.currentTarget.checked)}
              />
            </li>
          ))}
        </Menu>
      }
    >
      <Button
        size="small"
        variant="minimal"
        alignText="start"
        endIcon={<CaretDown />}
        disabled={disabled}
        aria-label={`${label}: ${text}`}
        className="hw-pick-button"
      >
        <span className={chosen.length ? undefined : Classes.TEXT_MUTED}>{text}</span>
      </Button>
    </PopoverNext>
  );
}
