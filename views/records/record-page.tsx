// A record's own page (`/<module>/<uuid>`): the same generated form, actions and related records as the drawer,
// on a full page that can be bookmarked and shared. Back goes to the module's grid.
import { H1, NonIdealState, Spinner } from '@blueprintjs/core';
import { ArrowLeft } from '@blueprintjs/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../src/i18n';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useDocumentTitle } from '../../src/components/use-document-title';
import type { AnyEntity } from '../../src/entities/define';
import { recordKeys, recordQuery, recordTitle } from '../../src/api/records';
import type { DrawerExtension } from './drawer-extension';
import { ModelGate } from './model-gate';
import { DrawerContent, RecordHeading } from './record-drawer';
import { useAttributes } from './attributes';
import './records.css';

export function RecordPage({
  entity: declared,
  listPath,
  extension,
}: {
  entity: AnyEntity;
  listPath: string;
  extension?: DrawerExtension;
}) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const group = useSelectedSettingsGroup();
  const query = useQuery(recordQuery(declared, uuid));
  const record = query.data ?? null;
  // the record's settings group's attributes as fields of its form, as in the drawer (attributes.ts)
  const { entity } = useAttributes(declared, record?.settings_group_uuid ?? group.current?.uuid ?? null);
  useDocumentTitle(
    record ? recordTitle(entity, record) || t(`entities.${entity.name}.one`) : t(`entities.${entity.name}.one`),
  );
  const back = () => void navigate(listPath);
  return (
    <ModelGate model={entity.name} title={t(`entities.${entity.name}.plural`)}>
      <div className="hw-record-page">
        <Link to={listPath} className="hw-back-link">
          <ArrowLeft /> {t(`entities.${entity.name}.plural`)}
        </Link>
        {query.isPending && <Spinner />}
        {query.isError && <NonIdealState title={t('records.notFound')} />}
        {record && (
          <>
            <H1>
              <RecordHeading entity={entity} record={record} />
            </H1>
            <DrawerContent
              key={record.uuid}
              entity={entity}
              record={record}
              createDefaults={{}}
              settingsGroupUuid={group.current?.uuid ?? record.settings_group_uuid}
              onClose={back}
              onDeleted={back}
              onChanged={(changed) => client.setQueryData(recordKeys.detail(entity.name, changed.uuid), changed)}
              asPage
              extension={extension}
            />
          </>
        )}
      </div>
    </ModelGate>
  );
}
