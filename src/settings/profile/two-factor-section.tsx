// Two-factor authentication (Fortify's flow; docs/domain/sign-in.md, "Two-factor authentication"): enable → QR code + setup key
// → confirm with a code → recovery codes; disable. Calls answering 423 ask for the password first.
import { Button, Callout, Card, Classes, H2, Intent, Spinner, Tag } from '@blueprintjs/core';
import { Key, Refresh, Shield } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import type { User } from '../../entities/account';
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  fetchRecoveryCodes,
  fetchTwoFactorQrCode,
  fetchTwoFactorSecretKey,
  regenerateRecoveryCodes,
} from '../../api/account.api';
import { queryKeys } from '../../api/queries';
import { FormMessage, TextField, useFormErrors } from '../../components/form-fields';
import { notify } from '../../components/notices';
import { isCancelled, usePasswordConfirmation } from './confirm-password';

function RecoveryCodes({ codes, onRegenerate, busy }: { codes: string[]; onRegenerate: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="hw-recovery">
      <p className={Classes.TEXT_MUTED}>{t('profile.twoFactor.recoveryHint')}</p>
      <ul className="hw-recovery-codes" aria-label={t('profile.twoFactor.recoveryCodes')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button icon={<Refresh />} loading={busy} onClick={onRegenerate} text={t('profile.twoFactor.regenerate')} />
    </div>
  );
}

export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { run, dialog } = usePasswordConfirmation();
  const [busy, setBusy] = useState<string | null>(null);
  const [setup, setSetup] = useState<{ svg: string; secretKey: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const form = useFormErrors();
  const { clear, fromError } = form;
  const enabled = user.two_factor_enabled;
  const confirmed = enabled && user.two_factor_confirmed;

  const refreshUser = () => client.invalidateQueries({ queryKey: queryKeys.user });

  /** Runs a step; 423 → password prompt; a cancelled prompt is silent. */
  const step = useCallback(
    async (name: string, action: () => Promise<void>) => {
      setBusy(name);
      clear();
      try {
        await action();
      } catch (error) {
        if (!isCancelled(error)) fromError(error);
      } finally {
        setBusy(null);
      }
    },
    [clear, fromError],
  );

  const loadSetup = useCallback(
    () =>
      step('setup', async () => {
        const [qr, secret] = await run(() => Promise.all([fetchTwoFactorQrCode(), fetchTwoFactorSecretKey()]));
        setSetup({ svg: qr.svg, secretKey: secret.secretKey });
      }),
    [run, step],
  );

  // Enabled but not confirmed yet (also after a reload mid-setup): show the QR code.
  const needsSetup = enabled && !confirmed;
  useEffect(() => {
    if (needsSetup && !setup) void loadSetup();
    // only when the state changes: a failed load is not retried in a loop
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsSetup, loadSetup]);

  const enable = () =>
    step('enable', async () => {
      await run(enableTwoFactor);
      setCodes(null);
      await refreshUser();
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void step('confirm', async () => {
      const reply = await confirmTwoFactor(code.trim());
      notify.success(reply?.message ?? t('profile.twoFactor.confirmed'));
      setCode('');
      setSetup(null);
      setCodes(await run(fetchRecoveryCodes));
      await refreshUser();
    });
  };

  const showCodes = () => step('codes', async () => setCodes(await run(fetchRecoveryCodes)));
  const regenerate = () =>
    step('regenerate', async () => {
      await run(regenerateRecoveryCodes);
      setCodes(await run(fetchRecoveryCodes));
    });

  const disable = () =>
    step('disable', async () => {
      const reply = await run(disableTwoFactor);
      notify.success(reply?.message ?? t('profile.twoFactor.disabled'));
      setSetup(null);
      setCodes(null);
      await refreshUser();
    });

  return (
    <Card className="hw-profile-card" id="two-factor">
      <H2>
        {t('profile.twoFactor.title')}{' '}
        <Tag minimal intent={confirmed ? Intent.SUCCESS : Intent.NONE}>
          {t(confirmed ? 'profile.twoFactor.statusOn' : 'profile.twoFactor.statusOff')}
        </Tag>
      </H2>
      <p className={Classes.TEXT_MUTED}>{t('profile.twoFactor.hint')}</p>
      <FormMessage message={form.message} />

      {!enabled && (
        <Button
          intent={Intent.PRIMARY}
          icon={<Shield />}
          loading={busy === 'enable'}
          onClick={() => void enable()}
          text={t('profile.twoFactor.enable')}
        />
      )}

      {needsSetup && (
        <div className="hw-two-factor-setup">
          <p>{t('profile.twoFactor.scan')}</p>
          {setup ? (
            <>
              <div
                className="hw-qr"
                role="img"
                aria-label={t('profile.twoFactor.qrCode')}
                // server-generated SVG of the otpauth URL
                dangerouslySetInnerHTML={{ __html: setup.svg }}
              />
              <div className="hw-setup-key-row">
                <label htmlFor="two-factor-setup-key">{t('profile.twoFactor.setupKey')}</label>
                <output id="two-factor-setup-key" className="hw-setup-key" data-testid="two-factor-setup-key">
                  {setup.secretKey}
                </output>
              </div>
            </>
          ) : (
            busy === 'setup' && <Spinner size={24} />
          )}
          <form onSubmit={confirm} noValidate className="hw-inline-form">
            <TextField
              id="two-factor-code"
              label={t('profile.twoFactor.code')}
              value={code}
              onChange={setCode}
              errors={form.errors.code}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
            <div className="hw-button-row">
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                loading={busy === 'confirm'}
                text={t('profile.twoFactor.confirm')}
              />
              <Button loading={busy === 'disable'} onClick={() => void disable()} text={t('common.cancel')} />
            </div>
          </form>
        </div>
      )}

      {confirmed && (
        <>
          <Callout intent={Intent.SUCCESS} icon={<Shield />} className="hw-callout-gap">
            {t('profile.twoFactor.active')}
          </Callout>
          <div className="hw-button-row">
            {!codes && (
              <Button
                icon={<Key />}
                loading={busy === 'codes'}
                onClick={() => void showCodes()}
                text={t('profile.twoFactor.showRecovery')}
              />
            )}
            <Button
              intent={Intent.DANGER}
              loading={busy === 'disable'}
              onClick={() => void disable()}
              text={t('profile.twoFactor.disable')}
            />
          </div>
        </>
      )}

      {confirmed && codes && (
        <RecoveryCodes codes={codes} busy={busy === 'regenerate'} onRegenerate={() => void regenerate()} />
      )}
      {dialog}
    </Card>
  );
}
