// The one placeholder for module, settings, template and public screens not built yet:
// the translated name, an icon and a translated "being set up" state.
import { Classes, NonIdealState } from '@blueprintjs/core';
import { Globe } from '@blueprintjs/icons';
import { useTranslation } from '../src/i18n';
import { DEFAULT_MODULE_ICON, MODULE_ICONS } from '../src/components/module-icons';
import {
  DEFAULT_SETTINGS_ICON,
  DEFAULT_TEMPLATE_ICON,
  SETTINGS_ICONS,
  TEMPLATE_ICONS,
} from '../src/components/settings-icons';
import { useDocumentTitle } from '../src/components/use-document-title';

export type PlaceholderSection = 'modules' | 'settingsPages' | 'templates' | 'public';

interface Props {
  section: PlaceholderSection;
  /** i18n key below modules.<section>.* (modules.* for modules) */
  pageKey: string;
}

function iconFor(section: PlaceholderSection, key: string) {
  if (section === 'modules') return MODULE_ICONS[key] ?? DEFAULT_MODULE_ICON;
  if (section === 'settingsPages') return SETTINGS_ICONS[key] ?? DEFAULT_SETTINGS_ICON;
  if (section === 'templates') return TEMPLATE_ICONS[key] ?? DEFAULT_TEMPLATE_ICON;
  return <Globe />;
}

export function ModulePlaceholder({ section, pageKey }: Props) {
  const { t } = useTranslation();
  const title = t(section === 'modules' ? `modules.${pageKey}` : `modules.${section}.${pageKey}`);
  const icon = iconFor(section, pageKey);

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
        title={t(section === 'public' ? 'modules.placeholder.publicTitle' : 'modules.placeholder.title')}
        description={t(
          section === 'public' ? 'modules.placeholder.publicDescription' : 'modules.placeholder.description',
          { name: title },
        )}
      />
    </div>
  );
}
