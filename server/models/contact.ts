// Contacts: the display name is stored on every write, from the person's names or the organisation; a new contact
// without a language takes the settings group's default language (docs/domain/fields.md, "Workspace settings").
import { sectionStore } from '../../src/entities/workspace-settings';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { settingsFor } from '../crud/model-settings';

export const contact: ModelBehaviour = {
  stored: (merged) => {
    const person = [merged.first_name, merged.last_name].filter(Boolean).join(' ');
    const name = merged.kind === 'organisation' ? merged.organisation || person : person || merged.organisation;
    return { display_name: (name as string | null) ?? '' };
  },
  hooks: {
    beforeWrite: async (h, merged, _changes, current) => {
      if (current || merged.language != null) return;
      return { language: (await settingsFor(h, sectionStore('language'))).default_locale };
    },
  },
};
