// Sensitive profile calls may answer 423 (password confirmation required): ask for the password,
// POST /user/confirm-password, then retry the call once.
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { confirmPassword } from '../../api/account.api';
import { isApiError } from '../../api/errors';
import { FormMessage, TextField, useFormErrors } from '../../components/form-fields';

export class PasswordConfirmationCancelled extends Error {
  constructor() {
    super('password confirmation cancelled');
    this.name = 'PasswordConfirmationCancelled';
  }
}

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

function ConfirmPasswordDialog({ pending, onDone }: { pending: Pending | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  const close = (confirmed: boolean) => {
    if (confirmed) pending?.resolve();
    else pending?.reject(new PasswordConfirmationCancelled());
    setPassword('');
    form.clear();
    onDone();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    setBusy(true);
    try {
      await confirmPassword(password);
      close(true);
    } catch (error) {
      form.fromError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={pending !== null}
      onClose={() => close(false)}
      title={t('profile.confirmPassword.title')}
      icon={<Lock />}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <p>{t('profile.confirmPassword.hint')}</p>
          <FormMessage message={form.message} />
          <TextField
            id="confirm-password"
            type="password"
            label={t('auth.fields.password')}
            value={password}
            onChange={setPassword}
            errors={form.errors.password}
            autoComplete="current-password"
            autoFocus
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={() => close(false)} text={t('common.cancel')} />
              <Button type="submit" intent={Intent.PRIMARY} loading={busy} text={t('profile.confirmPassword.submit')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** `run(call)` retries `call` after a password confirmation when it answers 423. */
export function usePasswordConfirmation() {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const run = useCallback(async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!isApiError(error) || error.status !== 423) throw error;
      await new Promise<void>((resolve, reject) => {
        pendingRef.current = { resolve, reject };
        setPending(pendingRef.current);
      });
      return call();
    }
  }, []);

  const dialog = <ConfirmPasswordDialog pending={pending} onDone={() => setPending(null)} />;
  return { run, dialog };
}

export function isCancelled(error: unknown): boolean {
  return error instanceof PasswordConfirmationCancelled;
}
