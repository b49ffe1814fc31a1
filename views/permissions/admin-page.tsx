// The frame of the members, user groups and permissions pages (docs/domain/permissions.md, "Members"): title, the
// server's refusal, and for members who are not the settings group's admin only a note (the API answers them 403).
import { Callout, H1, Intent, NonIdealState } from '@blueprintjs/core';
import { Lock } from '@blueprintjs/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { permissionKeys } from '../../src/api/permissions.api';
import { recordKeys } from '../../src/api/records';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useRights } from '../../src/components/use-rights';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { refusalText } from './errors';
import './permissions.css';

/** Puts a refused change's message on the page, or clears it (null) once a change went through. */
export type Report = (error: unknown) => void;

export interface AdminBodyProps {
  sg: string;
  report: Report;
}

/** The page of a settings page key (modules.settingsPages.*) around its body, given the selected settings group. */
export const adminPage = (pageKey: string, Body: ComponentType<AdminBodyProps>) =>
  function AdminPageView() {
    const { t } = useTranslation();
    return (
      <AdminPage title={t(`modules.settingsPages.${pageKey}`)}>
        {(sg, report) => <Body key={sg} sg={sg} report={report} />}
      </AdminPage>
    );
  };

function AdminPage({
  title,
  children,
}: {
  title: string;
  children: (settingsGroupUuid: string, report: Report) => ReactNode;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const report = useCallback((e: unknown) => setError(refusalText(e)), []);
  const { role, settingsGroupUuid, isLoading } = useRights();
  const { current } = useSelectedSettingsGroup();
  useDocumentTitle(title);
  return (
    <div className="hw-page hw-access-page">
      <header className="hw-page-header">
        <H1>{title}</H1>
        {current && <span className="hw-access-group">{current.name}</span>}
      </header>
      {error && (
        <Callout intent={Intent.DANGER} role="alert" className="hw-form-message">
          <span>{error}</span>{' '}
          <button type="button" className="hw-link-button hw-access-dismiss" onClick={() => setError(null)}>
            {t('permissions.dismiss')}
          </button>
        </Callout>
      )}
      {!settingsGroupUuid || isLoading ? null : role === 'admin' ? (
        children(settingsGroupUuid, report)
      ) : (
        <NonIdealState icon={<Lock size={48} />} title={t('permissions.adminsOnly')} />
      )}
    </div>
  );
}

/** The models of this area whose records' History panels follow a change made here. */
const HISTORIES = ['user_group', 'permission_group', 'access_rule', 'filter'] as const;

/** After a change: the lists of this area, their History panels and the user's own rights (the navigation follows
 * them). */
export function useRefreshAccess() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: permissionKeys.all }),
      client.invalidateQueries({ queryKey: permissionKeys.rights }),
      ...HISTORIES.map((model) => client.invalidateQueries({ queryKey: recordKeys.all(model) })),
    ]);
}

/** A mutation's outcome: the message cleared or set, and the lists read again either way (a refusal shows the
 * server's state again). */
export function useOutcome(report: Report) {
  const refresh = useRefreshAccess();
  return {
    onSuccess: () => {
      report(null);
      void refresh();
    },
    onError: (error: unknown) => {
      report(error);
      void refresh();
    },
  };
}
