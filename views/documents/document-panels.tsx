// The document drawer's panel on /documents: download the file and the records the document is attached to
// (each a link to its screen).
import { AnchorButton, Classes, H5, Spinner } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import type { DrawerExtension } from '../records/drawer-extension';
import { recordPath } from '../records/model-paths';
import { documentLinks, fileUrl } from './documents-api';
import './documents.css';

export function DocumentPanels({ record }: { record: ApiRecord }) {
  const { t } = useTranslation();
  const links = useQuery({ queryKey: ['document-links', record.uuid], queryFn: () => documentLinks(record.uuid) });
  const name = String(record.original_filename ?? record.title);
  return (
    <section className="hw-attachments" aria-labelledby={`document-${record.uuid}-file`}>
      <H5 id={`document-${record.uuid}-file`}>{t('records.documents.file')}</H5>
      <AnchorButton icon={<Download />} href={fileUrl(record)} download={name}>
        {t('records.documents.download')} · {name}
      </AnchorButton>
      <H5 className="hw-document-links-title">{t('records.documents.attachedTo')}</H5>
      {links.isPending ? (
        <Spinner size={16} />
      ) : links.data?.length ? (
        <ul className="hw-attachment-list">
          {links.data.map((link) => {
            const path = recordPath(link.model_name, link.model_uuid);
            const label = `${t(`entities.${link.model_name}.one`)}: ${link.title ?? t('grid.untitled')}`;
            return (
              <li key={`${link.model_name}:${link.model_uuid}`}>{path ? <Link to={path}>{label}</Link> : label}</li>
            );
          })}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('records.documents.notAttached')}</p>
      )}
    </section>
  );
}

/** The documents screen's and record page's drawer additions. */
export const documentExtension: DrawerExtension = { panels: (record) => <DocumentPanels record={record} /> };
