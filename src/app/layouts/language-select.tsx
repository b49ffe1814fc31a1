// Language choice before login (auth and public pages); remembered in local storage.
import { HTMLSelect } from '@blueprintjs/core';
import { LANGUAGES, isLanguage, setLanguage, useTranslation } from '../../i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <label className="hw-language-select">
      <span>{t('shell.language')}</span>
      <HTMLSelect
        minimal
        value={i18n.language}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLanguage(value)) void setLanguage(value);
        }}
        options={LANGUAGES.map((locale) => ({ value: locale, label: t(`common.languages.${locale}`) }))}
      />
    </label>
  );
}
