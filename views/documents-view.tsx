// /documents: the documents grid with its drawer (description, download, the records a document is attached to).
// Documents are added by uploading them in a record's attachments, so this screen offers no "New".
import { Classes } from '@blueprintjs/core';
import { MODULE_ICONS } from '../src/components/module-icons';
import { useTranslation } from '../src/i18n';
import { documentsGrid } from '../grids/documents.grid';
import { ModuleGridView } from './records/module-grid-view';
import { documentExtension } from './documents/document-panels';

export function DocumentsView() {
  const { t } = useTranslation();
  return (
    <ModuleGridView
      grid={documentsGrid}
      titleKey="modules.documents"
      icon={MODULE_ICONS.documents}
      extension={documentExtension}
      headerEnd={<span className={Classes.TEXT_MUTED}>{t('records.documents.howToAdd')}</span>}
    />
  );
}
