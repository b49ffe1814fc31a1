// Who may do what in a settings group, as models of the engine (docs/domain/permissions.md): user groups and their
// members, permission groups (rights per model), stored filters and access rules. Admins' tables (a member gets
// 403), every write audited. Their behaviour beyond the engine (unique names, a filter checked against its model's
// list filters, the rules compiled again on every change) is server/models/{user-group,permission-group,filter,
// access-rule}.ts.
import { defineEntity } from './define';
import { f } from './fields';

/**
 * The members' tables of a settings group: the records its members keep (a webhook hears of their changes,
 * src/entities/webhook.ts).
 */
export const RECORD_MODELS = [
  'property',
  'partition',
  'area',
  'facility',
  'contact',
  'tenancy',
  'unit',
  'cost_group',
  'renewal_group',
  'component_type',
  'property_group',
  'construction_cost_index',
  'tax',
  'article',
  'material',
  'discount',
  'service_rate',
  'task',
  'task_event',
  'ticket',
  'ticket_comment',
  'order',
  'order_line',
  'contract',
  'document',
  'guarantee',
  'counter',
  'measurement',
  'budget',
  'bill',
  'expense',
  'record_template',
] as const;

/**
 * The models a filter or an access rule is about: every model of the registry. A hand list, since the registry
 * imports these definitions; a unit test (tests/unit/admin-models.test.ts) fails when it disagrees with the registry.
 */
export const RULE_MODELS = [
  ...RECORD_MODELS,
  'network',
  'user_group',
  'permission_group',
  'filter_group',
  'filter',
  'access_rule',
  'webhook',
  'grid_view',
  'favorite',
  'delegation',
  'scheduled_export',
  'license',
  'system_notification',
  'email_template',
  'account_email_template',
  'attribute',
  'support_request',
] as const;

const name = () => f.text({ required: true, max: 120, searchable: true });

export const userGroup = defineEntity({
  name: 'user_group',
  plural: 'user-groups',
  titleField: 'name',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    name: name(),
    member_uuids: f.refs('member'),
  },
  defaultSort: { field: 'name' },
});

export const permissionGroup = defineEntity({
  name: 'permission_group',
  plural: 'permission-groups',
  titleField: 'name',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    name: name(),
    rights: f.json('rights', { required: true, default: {} }),
    user_group_uuids: f.refs('user_group'),
  },
  defaultSort: { field: 'name' },
});

/** A named group of stored filters (a filter names at most one, `filter_group_uuid`): how the settings page, the
 * saved views' filter menu and the access rules' filter picker list them. */
export const filterGroup = defineEntity({
  name: 'filter_group',
  plural: 'filter-groups',
  titleField: 'name',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    name: f.text({ required: true, max: 120, searchable: true, unique: true }),
    description: f.longText(),
  },
  defaultSort: { field: 'name' },
});

/** A stored filter of a model: the list query's filter as JSON, reusable by access rules and the grids' views. */
export const storedFilter = defineEntity({
  name: 'filter',
  plural: 'filters',
  titleField: 'name',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    name: name(),
    model: f.enum(RULE_MODELS, { required: true }),
    filter: f.json('filter', { required: true, default: {} }),
    filter_group_uuid: f.ref('filter_group'),
  },
  defaultSort: { field: 'name' },
});

/** A record of `model` matched by the rule's filters (or its own `filter`) is seen only by its user groups and
 * admins (docs/domain/permissions.md, "Access rules"). */
export const accessRule = defineEntity({
  name: 'access_rule',
  plural: 'access-rules',
  titleField: 'name',
  scope: 'settings_group',
  access: 'admins',
  audit: true,
  fields: {
    name: name(),
    model: f.enum(RULE_MODELS, { required: true }),
    filter_uuids: f.refs('filter'),
    /** A filter of its own, besides (or instead of) stored filters. */
    filter: f.json('filter'),
    user_group_uuids: f.refs('user_group'),
  },
  defaultSort: { field: 'name' },
});
