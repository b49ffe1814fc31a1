// The frame of a settings page for the admins of the selected settings group (the module settings, the workspace's
// settings, the extensions): its title as heading and document title; a member is told the page is its admins'.
import { Classes, NonIdealState } from '@blueprintjs/core';
import { Disable } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';

export function AdminSettingsPage({
  title,
  adminsOnly,
  children,
}: {
  title: string;
  /** What a member reads instead of the page. */
  adminsOnly: string;
  /** The page for the selected settings group, of which the caller is an admin. */
  children: (settingsGroup: string) => ReactNode;
}) {
  const { current } = useSelectedSettingsGroup();
  useDocumentTitle(title);
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{title}</h1>
      </header>
      {!current ? null : current.role !== 'admin' ? (
        <NonIdealState icon={<Disable size={48} />} description={adminsOnly} />
      ) : (
        children(current.uuid)
      )}
    </div>
  );
}
