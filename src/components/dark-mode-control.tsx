// Dark mode choice (auto / on / off) as a labelled radio group, used by the profile.
import { Radio, RadioGroup } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useTranslation } from '../i18n';
import { DARK_MODES, darkModeAtom, type DarkMode } from '../state/theme';

export function DarkModeControl() {
  const { t } = useTranslation();
  const [mode, setMode] = useAtom(darkModeAtom);
  return (
    <RadioGroup
      label={t('shell.darkMode.title')}
      name="dark-mode"
      inline
      selectedValue={mode}
      onChange={(event) => setMode(event.currentTarget.value as DarkMode)}
    >
      {DARK_MODES.map((value) => (
        <Radio key={value} value={value} label={t(`shell.darkMode.${value}`)} />
      ))}
    </RadioGroup>
  );
}
