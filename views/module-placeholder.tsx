// The one placeholder for the pages of the manifest not built yet (views/pages.ts, kind `placeholder`): modules,
// settings, template and public pages show their translated title, their icon and a translated "being set up" state.
import { Classes, NonIdealState } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { useTranslation } from '../src/i18n';
import { moduleIcon } from '../src/components/module-icons';
import { pageIcon } from '../src/components/page-icons';
import { useDocumentTitle } from '../src/components/use-document-title';
import type { Page } from './pages';

export function ModulePlaceholder({ page }: { page: Page }) {
  const { t } = useTranslation();
  const title = t(page.title);
  const icon = page.group === 'modules' ? moduleIcon(page.icon) : pageIcon(page.icon);
  const isPublic = page.group === 'public';

  useDocumentTitle(title);

  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <span className="hw-page-icon">{icon}</span>
        <h1 className={Classes.HEADING}>{title}</h1>
      </header>
      <NonIdealState
        className="hw-placeholder"
        icon={<span className="hw-placeholder-icon">{icon}</span>}
        title={t(isPublic ? 'modules.placeholder.publicTitle' : 'modules.placeholder.title')}
        description={t(isPublic ? 'modules.placeholder.publicDescription' : 'modules.placeholder.description', {
          name: title,
        })}
      />
    </div>
  );
}

/** The placeholder of one page, for the router. */
export const placeholderFor =
  (page: Page): ComponentType =>
  () => <ModulePlaceholder page={page} />;
