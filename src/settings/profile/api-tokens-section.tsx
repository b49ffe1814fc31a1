// Personal API tokens for scripts: list, create (the token is shown once), revoke.
import {
  Button,
  Callout,
  Card,
  Classes,
  ControlGroup,
  FormGroup,
  H2,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { Clipboard, Plus, Trash } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { createApiToken, revokeApiToken } from '../../api/account.api';
import { queryKeys, useApiTokens } from '../../api/queries';
import { FormMessage, TextField, useFormErrors } from '../../components/form-fields';
import { notify, reportActionError } from '../../components/notices';
import { useFormat } from '../../components/use-format';
import { isCancelled, usePasswordConfirmation } from './confirm-password';

export function ApiTokensSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const format = useFormat();
  const { data: tokens = [], isLoading } = useApiTokens();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const form = useFormErrors();

  const { run, dialog } = usePasswordConfirmation();
  const create = useMutation({
    mutationFn: (tokenName: string) => run(() => createApiToken(tokenName)),
    onSuccess: async (reply) => {
      setName('');
      setCreated(reply.token);
      await client.invalidateQueries({ queryKey: queryKeys.apiTokens });
    },
    onError: (error) => {
      if (!isCancelled(error)) form.fromError(error);
    },
  });

  const revoke = useMutation({
    mutationFn: revokeApiToken,
    onSuccess: async (reply) => {
      notify.success(reply?.message ?? t('profile.tokens.revoked'));
      await client.invalidateQueries({ queryKey: queryKeys.apiTokens });
    },
    onError: reportActionError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    setCreated(null);
    create.mutate(name);
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      notify.success(t('profile.tokens.copied'));
    } catch {
      notify.warning(t('profile.tokens.copyFailed'));
    }
  };

  return (
    <Card className="hw-profile-card" id="api-tokens">
      <H2>{t('profile.tokens.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('profile.tokens.hint')}</p>
      <form onSubmit={submit} noValidate className="hw-inline-form">
        <FormMessage message={form.message} />
        <TextField
          id="api-token-name"
          label={t('profile.tokens.name')}
          value={name}
          onChange={setName}
          errors={form.errors.name}
          maxLength={100}
        />
        <Button type="submit" icon={<Plus />} loading={create.isPending} text={t('profile.tokens.create')} />
      </form>
      {created && (
        <Callout intent={Intent.SUCCESS} className="hw-callout-gap" title={t('profile.tokens.createdTitle')}>
          <p>{t('profile.tokens.createdHint')}</p>
          <FormGroup label={t('profile.tokens.newToken')} labelFor="api-token-value">
            <ControlGroup fill>
              <InputGroup
                id="api-token-value"
                readOnly
                value={created}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Button icon={<Clipboard />} onClick={() => void copy()} text={t('common.copy')} />
            </ControlGroup>
          </FormGroup>
        </Callout>
      )}
      {!isLoading && tokens.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('profile.tokens.empty')}</p>
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('profile.tokens.name')}</th>
              <th scope="col">{t('profile.tokens.lastUsed')}</th>
              <th scope="col">{t('profile.tokens.created')}</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td>{token.last_used_at ? format.dateTime(token.last_used_at) : t('profile.tokens.never')}</td>
                <td>{format.dateTime(token.created_at)}</td>
                <td>
                  <Button
                    size="small"
                    variant="minimal"
                    intent={Intent.DANGER}
                    icon={<Trash />}
                    loading={revoke.isPending && revoke.variables === token.id}
                    onClick={() => revoke.mutate(token.id)}
                    text={t('profile.tokens.revoke')}
                    aria-label={t('profile.tokens.revokeNamed', { name: token.name })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {dialog}
    </Card>
  );
}
