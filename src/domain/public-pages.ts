// Public pages of records (docs/domain/public-pages.md): the models whose records an admin may share through a
// public link, and which of a model's fields may be shown there.
import type { AnyEntity } from '../entities/define';
import type { Field } from '../entities/fields';

/** The models with a public page, by name. */
export const PUBLIC_PAGE_MODELS = ['property', 'facility', 'contract', 'guarantee', 'document', 'ticket'] as const;
export type PublicPageModel = (typeof PUBLIC_PAGE_MODELS)[number];

export const hasPublicPage = (model: string): model is PublicPageModel =>
  (PUBLIC_PAGE_MODELS as readonly string[]).includes(model);

/** A field an outsider may be shown: a field of the model's form, never its JSON data nor a field left out of
 * replies (a stored file's name); long texts count although lists leave them out for their length. The settings
 * group, the audit columns and the attributes are no fields of the model (attributes are not offered yet). */
export const isShareable = (field: Field) => field.kind !== 'json' && (!field.hidden || field.kind === 'long_text');

/** The model's shareable field names, in the model's order. */
export const shareableFields = (entity: AnyEntity): string[] =>
  Object.entries(entity.fields)
    .filter(([, f]) => isShareable(f))
    .map(([name]) => name);
