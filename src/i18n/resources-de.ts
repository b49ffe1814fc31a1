// German and Swiss German translations, loaded when one of them is chosen (de-ch falls back to de).
import deApp from '../locales/de/app.json';
import deAuth from '../locales/de/auth.json';
import deCommon from '../locales/de/common.json';
import deErrors from '../locales/de/errors.json';
import deModules from '../locales/de/modules.json';
import deNotifications from '../locales/de/notifications.json';
import deProfile from '../locales/de/profile.json';
import deSettingsGroups from '../locales/de/settingsGroups.json';
import deShell from '../locales/de/shell.json';
import chApp from '../locales/de-ch/app.json';
import chAuth from '../locales/de-ch/auth.json';
import chCommon from '../locales/de-ch/common.json';
import chErrors from '../locales/de-ch/errors.json';
import chModules from '../locales/de-ch/modules.json';
import chNotifications from '../locales/de-ch/notifications.json';
import chProfile from '../locales/de-ch/profile.json';
import chSettingsGroups from '../locales/de-ch/settingsGroups.json';
import chShell from '../locales/de-ch/shell.json';

export const de = {
  app: deApp,
  auth: deAuth,
  common: deCommon,
  errors: deErrors,
  modules: deModules,
  notifications: deNotifications,
  profile: deProfile,
  settingsGroups: deSettingsGroups,
  shell: deShell,
};
export const deCh = {
  app: chApp,
  auth: chAuth,
  common: chCommon,
  errors: chErrors,
  modules: chModules,
  notifications: chNotifications,
  profile: chProfile,
  settingsGroups: chSettingsGroups,
  shell: chShell,
};
