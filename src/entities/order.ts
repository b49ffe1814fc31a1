// A work order, internal or external (docs/domain/states.md, "States and transitions"), with its lines. Totals are computed by
// the server from the lines (decimal strings, never floats); the public token of an external order lives in its own
// table.
import { defineEntity } from './define';
import { f } from './fields';
import { DISCOUNT_FILL, LINE_FILLS } from './catalogues';
import { ORDER_STATES } from '../domain/transitions';
import { LARGEST_TOTAL, discountExceedsLine, lineTotal } from '../domain/money';
import { numberingSettings } from './setting-kinds';

export const order = defineEntity({
  name: 'order',
  plural: 'orders',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    title: f.text({ required: true, max: 200, searchable: true }),
    // the running number (O-00001) unless one is given (docs/domain/fields.md, "Model settings")
    number_internal: f.text({ max: 40, searchable: true, unique: true }),
    kind: f.enum(['internal', 'external'], { default: 'internal', required: true }),
    ticket_uuid: f.ref('ticket'),
    task_event_uuid: f.ref('task_event'),
    contact_uuid: f.ref('contact'),
    cost_group_uuid: f.ref('cost_group'),
    budget_uuid: f.ref('budget'),
    execution_date: f.date(),
    due_date: f.date(),
    proposed_date: f.date({ readOnly: true }),
    status: f.enum(ORDER_STATES, { default: 'draft', required: true, readOnly: true }),
    overdue: f.bool({ computed: true, default: undefined }),
    payment_responsibility: f.enum(['owner', 'tenant', 'insurance', 'guarantor'], { default: 'owner', required: true }),
    currency: f.enum(['CHF', 'EUR', 'USD'], { default: 'CHF', required: true }),
    // the order's own discount off its lines' net, typed or picked from the catalogue (docs/domain/calculations.md,
    // "Document totals"), and what it takes off in money
    discount: f.percent({ min: 0, max: 100 }),
    discount_amount: f.money({ min: 0 }),
    discount_uuid: f.ref('discount'),
    discount_total: f.money({ readOnly: true }),
    // net, tax and gross of its live lines, and the gross rounded as its currency is paid (docs/domain/calculations.md,
    // "Document totals")
    net_total: f.money({ readOnly: true }),
    tax_total: f.money({ readOnly: true }),
    total: f.money({ readOnly: true }),
    payable_total: f.money({ readOnly: true }),
    sent_at: f.datetime({ readOnly: true }),
    // a live bill that is not cancelled was made of it (server/models/order.ts): "Create bill" is no longer offered
    billed: f.bool({ computed: true, virtual: true }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['draft', 'sent', 'accepted'] },
  defaultSort: { field: 'due_date' },
  indexes: [['ticket_uuid'], ['budget_uuid']],
  numbering: { field: 'number_internal' },
  settings: numberingSettings('O-'),
  fills: [DISCOUNT_FILL],
});

/** A line of an order: quantity × unit price, less the discount, plus the tax (total computed on write). */
export const orderLine = defineEntity({
  name: 'order_line',
  plural: 'order-lines',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    order_uuid: f.ref('order', { required: true }),
    title: f.text({ required: true, max: 200, searchable: true }),
    quantity: f.decimal({ required: true, min: 0 }),
    unit_uuid: f.ref('unit'),
    unit_price: f.money({ required: true, min: 0 }),
    discount: f.percent({ min: 0, max: 100 }),
    discount_amount: f.money({ min: 0 }),
    tax: f.percent({ min: 0, max: 100 }),
    total: f.money({ computed: true }),
    // picked from the catalogues: they fill the line's own values (`fills`), which it keeps when the catalogue changes
    article_uuid: f.ref('article'),
    tax_uuid: f.ref('tax'),
    discount_uuid: f.ref('discount'),
  },
  indexes: [['order_uuid']],
  fills: LINE_FILLS,
  validate: (l) =>
    discountExceedsLine(l)
      ? [{ path: 'discount_amount', key: 'validation.discount_exceeds_line' }]
      : lineTotal(l) === null
        ? [{ path: 'total', key: 'validation.computed_too_large', params: { max: LARGEST_TOTAL } }]
        : [],
});
