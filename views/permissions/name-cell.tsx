// A group's name, renamed in place (Enter or leaving the field saves, Escape restores): user groups and permission
// groups (docs/decisions.md, "Members, user groups and permission groups").
import { EditableText } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../src/i18n';

export function NameCell({ name, onRename }: { name: string; onRename: (name: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name);
  useEffect(() => setDraft(name), [name]);
  return (
    <EditableText
      value={draft}
      onChange={setDraft}
      onCancel={() => setDraft(name)}
      onConfirm={(value) => {
        const next = value.trim();
        if (next && next !== name) onRename(next);
        else setDraft(name);
      }}
      maxLength={120}
      selectAllOnFocus
      aria-label={t('permissions.renameOf', { name })}
    />
  );
}
