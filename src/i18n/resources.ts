// en-us, the default language, is bundled with the first screen; de and de-ch load on demand from
// resources-de.ts (also bundled JSON, see src/locales/README.md).
import enApp from '../locales/en-us/app.json';
import enAuth from '../locales/en-us/auth.json';
import enCommon from '../locales/en-us/common.json';
import enErrors from '../locales/en-us/errors.json';
import enModules from '../locales/en-us/modules.json';
import enNotifications from '../locales/en-us/notifications.json';
import enProfile from '../locales/en-us/profile.json';
import enSettingsGroups from '../locales/en-us/settingsGroups.json';
import enShell from '../locales/en-us/shell.json';

export const en = {
  app: enApp,
  auth: enAuth,
  common: enCommon,
  errors: enErrors,
  modules: enModules,
  notifications: enNotifications,
  profile: enProfile,
  settingsGroups: enSettingsGroups,
  shell: enShell,
};

export type TranslationTree = typeof en;
