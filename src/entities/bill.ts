// A bill (an incoming invoice) of a property and its expense lines (docs/domain/fields.md, "Models"). A bill with
// lines has the sum of its lines as its amount; one without lines has the amount typed. Its status is stored from
// its payment date (paid), the cancel and reopen actions (cancelled) or neither (open); overdue is derived from the
// due date (docs/domain/states.md, "Bills"). Bills draw on their budget (docs/domain/calculations.md, "Budgets").
import { defineEntity } from './define';
import { f } from './fields';
import { DISCOUNT_FILL, LINE_FILLS } from './catalogues';
import { BILL_STATES } from '../domain/transitions';
import { LARGEST_TOTAL, discountExceedsLine, lineTotal } from '../domain/money';
import { numberingSettings } from './setting-kinds';

export const bill = defineEntity({
  name: 'bill',
  plural: 'bills',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    title: f.text({ required: true, max: 200, searchable: true }),
    // our own running number (B-00001) unless one is given; the creditor's is `number_external`
    number_internal: f.text({ max: 40, searchable: true, unique: true }),
    number_external: f.text({ max: 60, searchable: true }),
    contact_uuid: f.ref('contact'),
    budget_uuid: f.ref('budget'),
    order_uuid: f.ref('order'),
    cost_group_uuid: f.ref('cost_group'),
    amount: f.money({ required: true, min: 0 }),
    // the amount's net and tax (of its lines, or of its own tax rate) and the amount rounded as its currency is paid
    // (docs/domain/calculations.md, "Document totals")
    net_total: f.money({ readOnly: true }),
    tax_total: f.money({ readOnly: true }),
    payable_total: f.money({ readOnly: true }),
    tax: f.percent({ min: 0, max: 100 }),
    // the bill's own discount off its lines' net, typed or picked from the catalogue; on a bill without lines the
    // typed amount is what is owed, and the discount only says what it included (docs/domain/calculations.md,
    // "Document totals")
    discount: f.percent({ min: 0, max: 100 }),
    discount_amount: f.money({ min: 0 }),
    discount_uuid: f.ref('discount'),
    discount_total: f.money({ readOnly: true }),
    currency: f.enum(['CHF', 'EUR', 'USD'], { default: 'CHF', required: true }),
    bill_date: f.date(),
    due_date: f.date(),
    paid_at: f.date(),
    status: f.enum(BILL_STATES, { default: 'open', required: true, readOnly: true }),
    overdue: f.bool({ computed: true, default: undefined }),
    description: f.longText(),
  },
  status: { field: 'status', active: ['open'] },
  defaultSort: { field: 'due_date' },
  indexes: [['budget_uuid'], ['order_uuid'], ['contact_uuid']],
  archivedWithOwner: true,
  numbering: { field: 'number_internal' },
  settings: numberingSettings('B-'),
  fills: [DISCOUNT_FILL],
});

/** A line of a bill: quantity × unit price, less the discount, plus the tax (total computed on write). */
export const expense = defineEntity({
  name: 'expense',
  plural: 'expenses',
  titleField: 'title',
  scope: 'property',
  fields: {
    property_uuid: f.ref('property', { required: true }),
    bill_uuid: f.ref('bill', { required: true }),
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
    cost_group_uuid: f.ref('cost_group'),
  },
  indexes: [['bill_uuid']],
  fills: LINE_FILLS,
  validate: (l) =>
    discountExceedsLine(l)
      ? [{ path: 'discount_amount', key: 'validation.discount_exceeds_line' }]
      : lineTotal(l) === null
        ? [{ path: 'total', key: 'validation.computed_too_large', params: { max: LARGEST_TOTAL } }]
        : [],
});
