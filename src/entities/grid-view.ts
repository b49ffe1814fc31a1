// Saved grid views (docs/domain/preferences.md, "Saved views"): a named query of one table (sort, filters, search,
// status limiter, never the layout), a user's own row (scope `user`) that the whole settings group sees once it is
// shared. Its owner, or an admin of the settings group for a shared one, changes and deletes it.
import { defineEntity } from './define';
import { f } from './fields';

export const gridView = defineEntity({
  name: 'grid_view',
  plural: 'grid-views',
  titleField: 'name',
  scope: 'user',
  sharing: { flag: 'shared' },
  fields: {
    // the name first: what a generic edit of "the first text field" changes (the table is one of a closed list)
    name: f.text({ required: true, max: 80, searchable: true }),
    table_name: f.text({ required: true, max: 60, format: 'table_name' }),
    shared: f.bool({ required: true }),
    query: f.json('grid_view_query', { required: true }),
    /** The owner's name and whether the row is the caller's own (server/models/grid-view.ts). */
    owner_name: f.text({ computed: true, virtual: true }),
    mine: f.bool({ computed: true, virtual: true }),
  },
  // by table, the caller's personal views before the shared ones, by name (as the views menu lists them)
  defaultSort: { field: 'table_name', then: ['shared', 'name'] },
});
