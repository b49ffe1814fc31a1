// Contacts: the display name is stored on every write, from the person's names or the organisation.
import type { ModelBehaviour } from '../crud/model-behaviour';

export const contact: ModelBehaviour = {
  stored: (merged) => {
    const person = [merged.first_name, merged.last_name].filter(Boolean).join(' ');
    const name = merged.kind === 'organisation' ? merged.organisation || person : person || merged.organisation;
    return { display_name: (name as string | null) ?? '' };
  },
};
