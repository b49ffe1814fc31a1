// Any path outside the routes table (docs/domain/browser-app.md, "Routes and guards").
import { Classes, NonIdealState } from '@blueprintjs/core';
import { Home, Search } from '@blueprintjs/icons';
import { useTranslation } from '../i18n';
import { Link } from 'react-router';
import { cx } from '../components/cx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="hw-center-page">
      <NonIdealState
        icon={<Search size={48} />}
        title={t('shell.notFound.title')}
        description={t('shell.notFound.description')}
        action={
          <Link to="/" className={cx(Classes.BUTTON, Classes.INTENT_PRIMARY)}>
            <Home />
            <span className={Classes.BUTTON_TEXT}>{t('shell.notFound.home')}</span>
          </Link>
        }
      />
    </main>
  );
}
