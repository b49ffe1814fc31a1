// The one-line form that names a new user group or permission group; a refusal (a name taken: 422) goes to the page.
import { Button, InputGroup, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState, type FormEvent } from 'react';
import type { Report } from './admin-page';

export function CreateForm({
  label,
  button,
  onCreate,
  report,
}: {
  label: string;
  button: string;
  onCreate: (name: string) => Promise<unknown>;
  report: Report;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onCreate(name.trim());
      setName('');
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="hw-access-create" onSubmit={(event) => void submit(event)} noValidate>
      <InputGroup aria-label={label} placeholder={label} value={name} onValueChange={setName} maxLength={120} />
      <Button type="submit" intent={Intent.PRIMARY} icon={<Plus />} loading={busy} disabled={!name.trim()}>
        {button}
      </Button>
    </form>
  );
}
