// The browser tab's title for a screen: "<screen> · Hauswerk", in the current language.
import { useEffect } from 'react';
import { useTranslation } from '../i18n';

export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
