// Delegation (docs/domain/permissions.md, "Delegation"): hand one's tickets to a colleague for a period, per settings
// group; list the delegations from and to oneself and remove one's own.
import { Button, Card, Classes, FormGroup, H2, HTMLSelect, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { Plus, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import { useCurrentUser, useSettingsGroups } from '../../api/queries';
import {
  createDelegation,
  deleteDelegation,
  delegationKeys,
  fetchColleagues,
  fetchDelegations,
} from '../../api/delegations.api';
import { ErrorLines, FormMessage, TextField, useFormErrors } from '../../components/form-fields';
import { notify, reportActionError } from '../../components/notices';
import { useFormat } from '../../components/use-format';

export function DelegationSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const format = useFormat();
  const { data: user } = useCurrentUser();
  const { data: groups = [] } = useSettingsGroups();
  const [picked, setPicked] = useState('');
  const sg = picked || groups[0]?.uuid || '';
  const { data: delegations = [] } = useQuery({
    queryKey: delegationKeys.list(sg),
    queryFn: () => fetchDelegations(sg),
    enabled: Boolean(sg),
  });
  const { data: colleagues = [] } = useQuery({
    queryKey: delegationKeys.colleagues(sg),
    queryFn: () => fetchColleagues(sg),
    enabled: Boolean(sg),
  });
  const others = colleagues.filter((c) => c.user_uuid !== user?.uuid);
  const [to, setTo] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const form = useFormErrors();

  const refresh = () => client.invalidateQueries({ queryKey: delegationKeys.list(sg) });
  const create = useMutation({
    mutationFn: () =>
      createDelegation({
        settings_group_uuid: sg,
        to_user_uuid: to,
        valid_from: from,
        valid_to: until,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: async () => {
      notify.success(t('profile.delegation.saved'));
      setTo('');
      setFrom('');
      setUntil('');
      setNote('');
      await refresh();
    },
    onError: (error) => form.fromError(error),
  });
  const remove = useMutation({
    mutationFn: deleteDelegation,
    onSuccess: async () => {
      notify.success(t('profile.delegation.removed'));
      await refresh();
    },
    onError: reportActionError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    create.mutate();
  };

  return (
    <Card className="hw-profile-card" id="delegation">
      <H2>{t('profile.delegation.title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('profile.delegation.hint')}</p>
      {groups.length > 1 && (
        <FormGroup label={t('profile.delegation.group')} labelFor="delegation-group">
          <HTMLSelect
            id="delegation-group"
            fill
            value={sg}
            onChange={(event) => setPicked(event.currentTarget.value)}
            options={groups.map((g) => ({ value: g.uuid, label: g.name }))}
          />
        </FormGroup>
      )}
      <form onSubmit={submit} noValidate>
        <FormMessage message={form.message} />
        <FormGroup
          label={t('profile.delegation.to')}
          labelFor="delegation-to"
          intent={form.errors.to_user_uuid ? Intent.DANGER : Intent.NONE}
          helperText={<ErrorLines messages={form.errors.to_user_uuid} />}
        >
          <HTMLSelect
            id="delegation-to"
            fill
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            options={[
              { value: '', label: t('profile.delegation.pick') },
              ...others.map((c) => ({ value: c.user_uuid, label: c.name })),
            ]}
          />
        </FormGroup>
        <div className="hw-form-row">
          <TextField
            id="delegation-from"
            helperText={t('profile.delegation.dateHint')}
            maxLength={10}
            label={t('profile.delegation.from')}
            value={from}
            onChange={setFrom}
            errors={form.errors.valid_from}
          />
          <TextField
            id="delegation-until"
            helperText={t('profile.delegation.dateHint')}
            maxLength={10}
            label={t('profile.delegation.until')}
            value={until}
            onChange={setUntil}
            errors={form.errors.valid_to}
          />
        </div>
        <TextField
          id="delegation-note"
          maxLength={500}
          label={t('profile.delegation.note')}
          helperText={t('profile.delegation.noteHint')}
          value={note}
          onChange={setNote}
          errors={form.errors.note}
        />
        <Button
          type="submit"
          icon={<Plus />}
          disabled={!sg || !to || !from || !until}
          loading={create.isPending}
          text={t('profile.delegation.create')}
        />
      </form>
      {delegations.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('profile.delegation.empty')}</p>
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('profile.delegation.fromWhom')}</th>
              <th scope="col">{t('profile.delegation.to')}</th>
              <th scope="col">{t('profile.delegation.period')}</th>
              <th scope="col">{t('profile.delegation.note')}</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {delegations.map((d) => (
              <tr key={d.uuid}>
                <td>{d.from_name}</td>
                <td>{d.to_name}</td>
                <td>
                  {format.date(d.valid_from)} – {format.date(d.valid_to)}{' '}
                  {d.in_force && (
                    <Tag minimal intent={Intent.SUCCESS}>
                      {t('profile.delegation.inForce')}
                    </Tag>
                  )}
                </td>
                <td>{d.note}</td>
                <td>
                  {d.links.delete && (
                    <Button
                      size="small"
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon={<Trash />}
                      loading={remove.isPending && remove.variables === d.uuid}
                      onClick={() => remove.mutate(d.uuid)}
                      text={t('profile.delegation.remove')}
                      aria-label={t('profile.delegation.removeNamed', { name: d.to_name })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
