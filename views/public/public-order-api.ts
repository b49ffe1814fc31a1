// The public order page's API (docs/planning-api.md): no login, the token in the path is the only key.
import { http } from '../../src/api/http';

/** The columns of an order's lines, in the order both the drawer and the public page show them. */
export const LINE_COLUMNS = ['title', 'quantity', 'unit_price', 'discount', 'tax', 'total'] as const;

export interface PublicOrderLine {
  title: string;
  quantity: string | number | null;
  unit_price: string | number | null;
  discount: string | number | null;
  tax: string | number | null;
  total: string | number | null;
}
export interface PublicMessage {
  body: string;
  author: string | null;
  created_at: string;
}
export interface PublicDocument {
  uuid: string;
  title: string;
  original_filename: string | null;
  size: number | null;
  url: string;
}
export interface PublicOrder {
  order: {
    title: string;
    description: string | null;
    status: string;
    due_date: string | null;
    execution_date: string | null;
    proposed_date: string | null;
    property: { name: string; street?: string | null; postcode?: string | null; city?: string | null } | null;
    lines: PublicOrderLine[];
    discount_total: string | number | null;
    total: string | number | null;
    currency: string | null;
  };
  messages: PublicMessage[];
  /** The order's documents; `url` downloads one through the same token. */
  documents?: PublicDocument[];
  links: Partial<Record<'accept' | 'refuse' | 'propose_date' | 'comment' | 'done', string>>;
}

const path = (token: string, action?: string) =>
  `public/orders/${encodeURIComponent(token)}${action ? `/${action}` : ''}`;

export const getPublicOrder = (token: string) => http.get<PublicOrder>(path(token), { silent: true });

export const publicOrderAction = (
  token: string,
  action: 'accept' | 'refuse' | 'done' | 'propose-date' | 'comment',
  body?: unknown,
) => http.post<PublicOrder>(path(token, action), body ?? {}, { silent: true });
