// /settings/licenses (docs/domain/permissions.md, "Licenses"): the selected settings group's licenses with their
// validity and properties. Its admins read them; a superuser with confirmed 2FA (the server's write links) adds,
// changes and deletes them here; anyone else is told it is for admins. Below, for admins, the open property delete
// requests (delete-requests.tsx).
import {
  Button,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  H2,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { Disable, Trash } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import {
  createLicense,
  deleteLicense,
  fetchLicenses,
  licenseKeys,
  updateLicense,
  type License,
  type LicenseBody,
} from '../../src/api/licenses.api';
import { useCurrentUser } from '../../src/api/queries';
import { listRecords } from '../../src/api/records';
import { ErrorLines, FormMessage } from '../../src/components/form-fields';
import { notify, reportActionError } from '../../src/components/notices';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useFormat } from '../../src/components/use-format';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { property as propertyEntity } from '../../src/entities/property';
import { useTranslation } from '../../src/i18n';
import { DeleteRequests } from './delete-requests';

export function LicensesView() {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const user = useCurrentUser();
  const superuser = !!user.data?.is_superuser && !!user.data?.two_factor_confirmed;
  useDocumentTitle(t('modules.settingsPages.licenses'));
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{t('modules.settingsPages.licenses')}</h1>
      </header>
      {!current ? null : current.role !== 'admin' && !superuser ? (
        <NonIdealState icon={<Disable size={48} />} description={t('admin.licenses.adminsOnly')} />
      ) : (
        <>
          <Licenses sg={current.uuid} superuser={superuser} />
          {current.role === 'admin' && <DeleteRequests sg={current.uuid} />}
        </>
      )}
    </div>
  );
}

function Licenses({ sg, superuser }: { sg: string; superuser: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const [editing, setEditing] = useState<License | 'new' | null>(null);
  const list = useQuery({ queryKey: licenseKeys.list(sg), queryFn: () => fetchLicenses(sg) });
  const properties = useQuery({
    queryKey: ['licenses', 'properties', sg],
    queryFn: () => listRecords(propertyEntity, { settings_group_uuid: sg, per_page: 500 }),
  });
  const names = new Map((properties.data?.data ?? []).map((p) => [p.uuid, String(p.name ?? '')]));
  const remove = useMutation({
    mutationFn: (license: License) => deleteLicense(license.uuid),
    onSuccess: async () => {
      notify.success(t('admin.licenses.deleted'));
      await client.invalidateQueries({ queryKey: licenseKeys.list(sg) });
    },
    onError: reportActionError,
  });
  const licenses = list.data ?? [];
  return (
    <section aria-labelledby="hw-licenses-title">
      <H2 id="hw-licenses-title">{t('admin.licenses.listTitle')}</H2>
      {!superuser && <p className={Classes.TEXT_MUTED}>{t('admin.licenses.readOnly')}</p>}
      {!list.isLoading && licenses.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('admin.licenses.empty')}</p>
      ) : (
        <HTMLTable compact striped className="hw-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.licenses.name')}</th>
              <th scope="col">{t('admin.licenses.holder')}</th>
              <th scope="col">{t('admin.licenses.validFrom')}</th>
              <th scope="col">{t('admin.licenses.validTo')}</th>
              <th scope="col">{t('admin.licenses.properties')}</th>
              {superuser && (
                <th scope="col">
                  <span className={Classes.TEXT_MUTED}>{t('common.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {licenses.map((license) => (
              <tr key={license.uuid}>
                <td>
                  {license.name}{' '}
                  {license.valid_today && (
                    <Tag minimal intent={Intent.SUCCESS}>
                      {t('admin.licenses.valid')}
                    </Tag>
                  )}
                </td>
                <td>{license.holder_name ?? ''}</td>
                <td>{format.date(license.valid_from)}</td>
                <td>{format.date(license.valid_to)}</td>
                <td>{license.property_uuids.map((uuid) => names.get(uuid) ?? uuid).join(', ')}</td>
                {superuser && (
                  <td>
                    <span className="hw-button-row">
                      {license.links.update && (
                        <Button size="small" text={t('common.edit')} onClick={() => setEditing(license)} />
                      )}
                      {license.links.delete && (
                        <Button
                          size="small"
                          minimal
                          intent={Intent.DANGER}
                          icon={<Trash />}
                          aria-label={t('admin.licenses.deleteNamed', { name: license.name })}
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(license)}
                        />
                      )}
                    </span>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {superuser &&
        (editing ? (
          <LicenseForm
            key={editing === 'new' ? 'new' : editing.uuid}
            sg={sg}
            license={editing === 'new' ? null : editing}
            properties={[...names.entries()]}
            onDone={() => setEditing(null)}
          />
        ) : (
          <Button intent={Intent.PRIMARY} text={t('admin.licenses.add')} onClick={() => setEditing('new')} />
        ))}
    </section>
  );
}

/** The form's text and date fields, with their label keys below admin.licenses. */
const FIELDS = [
  { name: 'name', label: 'name', type: 'text' },
  { name: 'valid_from', label: 'validFrom', type: 'date' },
  { name: 'valid_to', label: 'validTo', type: 'date' },
] as const;

function LicenseForm(props: {
  sg: string;
  license: License | null;
  properties: [string, string][];
  onDone: () => void;
}) {
  const { sg, license, properties, onDone } = props;
  const { t } = useTranslation();
  const client = useQueryClient();
  const [body, setBody] = useState<LicenseBody>({
    name: license?.name ?? '',
    valid_from: license?.valid_from ?? '',
    valid_to: license?.valid_to ?? '',
    property_uuids: license?.property_uuids ?? [],
  });
  const save = useMutation({
    mutationFn: () => (license ? updateLicense(license.uuid, body) : createLicense(sg, body)),
    onSuccess: async () => {
      notify.success(t('admin.licenses.saved'));
      await client.invalidateQueries({ queryKey: licenseKeys.list(sg) });
      onDone();
    },
  });
  const error = isApiError(save.error) ? save.error : null;
  const errors = error?.status === 422 ? error.errors : {};
  const field = (name: 'name' | 'valid_from' | 'valid_to', label: string, type: string) => (
    <FormGroup key={name} label={label} labelFor={`hw-license-${name}`}>
      <InputGroup
        id={`hw-license-${name}`}
        type={type}
        value={body[name]}
        intent={errors[name] ? Intent.DANGER : Intent.NONE}
        onValueChange={(value) => setBody((b) => ({ ...b, [name]: value }))}
      />
      <ErrorLines messages={errors[name] ?? []} />
    </FormGroup>
  );
  return (
    <Card>
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <H2>{license ? license.name : t('admin.licenses.add')}</H2>
        {error && !error.notified && Object.keys(errors).length === 0 && <FormMessage message={error.message} />}
        {FIELDS.map((f) => field(f.name, t(`admin.licenses.${f.label}`), f.type))}
        <fieldset>
          <legend className={Classes.LABEL}>{t('admin.licenses.properties')}</legend>
          {properties.map(([uuid, name]) => (
            <Checkbox
              key={uuid}
              label={name}
              checked={body.property_uuids.includes(uuid)}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setBody((b) => ({
                  ...b,
                  property_uuids: on ? [...b.property_uuids, uuid] : b.property_uuids.filter((p) => p !== uuid),
                }));
              }}
            />
          ))}
          <ErrorLines
            messages={Object.entries(errors).flatMap(([k, m]) => (k.startsWith('property_uuids') ? m : []))}
          />
        </fieldset>
        <span className="hw-button-row">
          <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} text={t('common.save')} />
          <Button text={t('common.cancel')} onClick={onDone} />
        </span>
      </form>
    </Card>
  );
}
