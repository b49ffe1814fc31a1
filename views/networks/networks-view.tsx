// /settings/networks (docs/domain/permissions.md, "Networks"): an admin of the selected settings group lists its
// allowed and denied address ranges, adds one (a range already there can be replaced) and deletes one. A change
// that would refuse the admin's own current address is refused by the server until confirmed here ("Save anyway").
// Each range's History opens in a dialog (docs/decisions.md, "Administration tables in grids": the lockout's
// confirmation keeps this page).
import {
  Button,
  Callout,
  Card,
  Classes,
  Dialog,
  DialogBody,
  FormGroup,
  H2,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { Disable, History, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import {
  createNetwork,
  deleteNetwork,
  fetchNetworks,
  networkKeys,
  type Network,
  type NetworkAction,
} from '../../src/api/networks.api';
import { ErrorLines, FormMessage } from '../../src/components/form-fields';
import { notify, reportActionError } from '../../src/components/notices';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { network as networkModel } from '../../src/entities/network';
import { RecordHistory } from '../records/record-history';

export function NetworksView() {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  useDocumentTitle(t('modules.settingsPages.networks'));
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{t('modules.settingsPages.networks')}</h1>
      </header>
      {!current ? null : current.role !== 'admin' ? (
        <NonIdealState icon={<Disable size={48} />} description={t('admin.networks.adminsOnly')} />
      ) : (
        <>
          <p className={Classes.TEXT_MUTED}>{t('admin.networks.intro')}</p>
          <AddNetwork sg={current.uuid} />
          <NetworkList sg={current.uuid} />
        </>
      )}
    </div>
  );
}

/** What the server refused and how the admin may go on: confirm a lockout or replace the range already there. */
type Pending = { kind: 'lockout' | 'duplicate'; message: string } | null;

function AddNetwork({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [cidr, setCidr] = useState('');
  const [action, setAction] = useState<NetworkAction>('deny');
  const [description, setDescription] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const save = useMutation({
    mutationFn: (opts: { confirm?: boolean; replace?: boolean }) =>
      createNetwork(
        sg,
        { cidr, action, description: description.trim() || null, ...(opts.confirm ? { confirm_lockout: true } : {}) },
        opts.replace,
      ),
    onSuccess: async (made) => {
      notify.success(t('admin.networks.added', { cidr: made.cidr }));
      setCidr('');
      setDescription('');
      setPending(null);
      await client.invalidateQueries({ queryKey: networkKeys.list(sg) });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) setPending({ kind: 'duplicate', message: error.message });
      else if (isApiError(error) && error.errors.confirm_lockout)
        setPending({ kind: 'lockout', message: error.errors.confirm_lockout.join(' ') });
      else setPending(null);
    },
  });
  const error = isApiError(save.error) ? save.error : null;
  const cidrErrors = error?.status === 422 ? (error.errors.cidr ?? []) : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(null);
    save.mutate({});
  };
  return (
    <Card className="hw-networks-card">
      <H2>{t('admin.networks.addTitle')}</H2>
      <form onSubmit={submit} noValidate>
        {error && !error.notified && !pending && cidrErrors.length === 0 && <FormMessage message={error.message} />}
        <FormGroup
          label={t('admin.networks.cidr')}
          labelFor="hw-network-cidr"
          helperText={t('admin.networks.cidrHelp')}
        >
          <InputGroup
            id="hw-network-cidr"
            value={cidr}
            onValueChange={(v) => {
              setCidr(v);
              setPending(null);
            }}
            intent={cidrErrors.length ? Intent.DANGER : Intent.NONE}
            placeholder="192.168.1.0/24"
          />
          <ErrorLines messages={cidrErrors} />
        </FormGroup>
        <FormGroup label={t('admin.networks.action')} labelFor="hw-network-action">
          <HTMLSelect
            id="hw-network-action"
            value={action}
            onChange={(e) => {
              setAction(e.currentTarget.value as NetworkAction);
              setPending(null);
            }}
            options={(['allow', 'deny'] as const).map((value) => ({
              value,
              label: t(`admin.networks.actions.${value}`),
            }))}
          />
        </FormGroup>
        <FormGroup label={t('admin.networks.description')} labelFor="hw-network-description">
          <InputGroup id="hw-network-description" value={description} onValueChange={setDescription} />
        </FormGroup>
        {pending && (
          <Callout
            intent={pending.kind === 'lockout' ? Intent.DANGER : Intent.WARNING}
            role="alert"
            className="hw-form-message"
          >
            <p>{pending.message}</p>
            <Button
              intent={pending.kind === 'lockout' ? Intent.DANGER : Intent.WARNING}
              loading={save.isPending}
              text={t(pending.kind === 'lockout' ? 'admin.networks.saveAnyway' : 'admin.networks.replace')}
              onClick={() => save.mutate(pending.kind === 'lockout' ? { confirm: true } : { replace: true })}
            />
          </Callout>
        )}
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          loading={save.isPending}
          disabled={cidr.trim() === ''}
          text={t('admin.networks.add')}
        />
      </form>
    </Card>
  );
}

function NetworkList({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({ queryKey: networkKeys.list(sg), queryFn: () => fetchNetworks(sg) });
  const [lockout, setLockout] = useState<{ network: Network; message: string } | null>(null);
  const remove = useMutation({
    mutationFn: ({ network, confirm }: { network: Network; confirm?: boolean }) => deleteNetwork(network.uuid, confirm),
    onSuccess: async (_reply, { network }) => {
      setLockout(null);
      notify.success(t('admin.networks.deleted', { cidr: network.cidr }));
      await client.invalidateQueries({ queryKey: networkKeys.list(sg) });
    },
    onError: (error, { network }) => {
      if (isApiError(error) && error.errors.confirm_lockout)
        setLockout({ network, message: error.errors.confirm_lockout.join(' ') });
      else reportActionError(error);
    },
  });
  const [historyOf, setHistoryOf] = useState<Network | null>(null);
  const networks = list.data ?? [];
  return (
    <section aria-labelledby="hw-networks-title">
      {historyOf && (
        <Dialog
          isOpen
          onClose={() => setHistoryOf(null)}
          title={t('admin.networks.historyFor', { cidr: historyOf.cidr })}
        >
          <DialogBody>
            <RecordHistory entity={networkModel} uuid={historyOf.uuid} />
          </DialogBody>
        </Dialog>
      )}
      <H2 id="hw-networks-title">{t('admin.networks.listTitle')}</H2>
      {lockout && (
        <Callout intent={Intent.DANGER} role="alert" className="hw-form-message">
          <p>{lockout.message}</p>
          <Button
            intent={Intent.DANGER}
            loading={remove.isPending}
            text={t('admin.networks.deleteAnyway', { cidr: lockout.network.cidr })}
            onClick={() => remove.mutate({ network: lockout.network, confirm: true })}
          />{' '}
          <Button minimal text={t('common.cancel')} onClick={() => setLockout(null)} />
        </Callout>
      )}
      {!list.isLoading && networks.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('admin.networks.empty')}</p>
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.networks.cidr')}</th>
              <th scope="col">{t('admin.networks.action')}</th>
              <th scope="col">{t('admin.networks.description')}</th>
              <th scope="col">
                <span className={Classes.TEXT_MUTED}>{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {networks.map((network) => (
              <tr key={network.uuid}>
                <td>
                  <code>{network.cidr}</code>
                </td>
                <td>
                  <Tag minimal intent={network.action === 'allow' ? Intent.SUCCESS : Intent.DANGER}>
                    {t(`admin.networks.actions.${network.action}`)}
                  </Tag>
                </td>
                <td>{network.description ?? ''}</td>
                <td className="hw-network-actions">
                  <Button
                    size="small"
                    minimal
                    icon={<History />}
                    aria-label={t('admin.networks.historyFor', { cidr: network.cidr })}
                    text={t('records.history.title')}
                    onClick={() => setHistoryOf(network)}
                  />
                  <Button
                    size="small"
                    minimal
                    intent={Intent.DANGER}
                    icon={<Trash />}
                    disabled={remove.isPending && remove.variables?.network.uuid === network.uuid}
                    aria-label={t('admin.networks.deleteFor', { cidr: network.cidr })}
                    text={t('admin.networks.delete')}
                    onClick={() => remove.mutate({ network })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
