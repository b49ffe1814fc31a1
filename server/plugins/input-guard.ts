// The edge check every request passes once, before any route validates it (docs/hostile-input.md): the query
// string, the path parameters and the JSON body are walked together, and a request is refused with a 422 naming
// the field when it
// - uses a name that would reach an object's prototype (`__proto__`, `constructor`, `prototype`) as a key,
// - nests deeper than any route needs (a free-form JSON field has its own, lower limit in its schema),
// - carries text the database cannot store (the NUL character, a lone UTF-16 surrogate), in a value or a key.
// Routes then only see input that the database, the JSON serialiser and every object in the process can hold.
import type { FastifyInstance } from 'fastify';
import { ValidationFailed } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import { storableText } from '../../src/entities/schemas';

/** Deeper than any request body the API defines (a bulk row's attributes with a saved filter inside). */
export const MAX_REQUEST_DEPTH = 32;
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_ISSUES = 20;

type Issues = Record<string, { key: MessageKey; params?: Record<string, string | number> }[]>;

/** The problems of one part of a request (query, params or body), by field path; empty when it is fine. */
export function inspectInput(value: unknown, issues: Issues = Object.create(null) as Issues): Issues {
  let count = 0;
  const add = (path: string, key: MessageKey, params?: Record<string, string | number>) => {
    count += 1;
    (issues[path || 'body'] ??= []).push({ key, ...(params ? { params } : {}) });
  };
  // Iterative walk: a hostile body 20,000 levels deep must not use the stack.
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length && count < MAX_ISSUES) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!storableText(v)) add(path, 'validation.unstorable_text');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    // Only what JSON and the query string make (files and streams are checked where they are read).
    const proto = Object.getPrototypeOf(v) as unknown;
    if (!Array.isArray(v) && proto !== Object.prototype && proto !== null) continue;
    if (depth >= MAX_REQUEST_DEPTH) {
      add(path, 'validation.nesting');
      continue;
    }
    const isArray = Array.isArray(v);
    for (const key of Object.keys(v)) {
      const child = path ? `${path}.${key}` : key;
      if (!isArray) {
        if (RESERVED_KEYS.has(key)) {
          add(child, 'validation.reserved_key', { name: key });
          continue;
        }
        if (!storableText(key)) {
          add(path || 'body', 'validation.unstorable_text');
          continue;
        }
      }
      stack.push([(v as Record<string, unknown>)[key], child, depth + 1]);
    }
  }
  return issues;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const issues = Object.create(null) as Issues;
    inspectInput(req.params, issues);
    inspectInput(req.query, issues);
    inspectInput(req.body, issues);
    if (Object.keys(issues).length > 0) throw new ValidationFailed(issues);
  });
}
