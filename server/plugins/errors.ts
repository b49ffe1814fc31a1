// One error handler for the API: 422 in Laravel's shape, JSON 404 for unknown API paths, and no stack traces
// or SQL ever in a body.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, ValidationFailed } from '../http-error';
import { translate, type MessageKey } from '../i18n/messages';
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { entityByName } from '../../src/entities/registry';
import { entityOfRoute, fieldLabel, modelOneLabel } from '../i18n/field-labels';
import { routeUrl } from '../crud/route-url';

interface Issue {
  keyword: string;
  instancePath: string;
  message: string;
  params: Record<string, unknown>;
}

/** Maps one zod issue to a message key and params. */
function describe(issue: Issue): { key: MessageKey; params: Record<string, string | number> } {
  const p = issue.params;
  const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));
  switch (issue.keyword) {
    case 'invalid_type': {
      if (p.input === undefined && /received undefined/.test(issue.message))
        return { key: 'validation.required', params: {} };
      // null where a value is required: the field was cleared (a pasted empty cell, a cleared form field)
      if (p.input === null || /received null/.test(issue.message)) return { key: 'validation.required', params: {} };
      const expected = String(p.expected);
      const key = (
        {
          string: 'validation.string',
          number: 'validation.number',
          int: 'validation.integer',
          boolean: 'validation.boolean',
          array: 'validation.array',
          object: 'validation.object',
        } as Record<string, MessageKey>
      )[expected];
      return { key: key ?? 'validation.type', params: {} };
    }
    case 'too_small':
      if (p.origin === 'string')
        return num(p.minimum) <= 1
          ? { key: 'validation.required', params: {} }
          : { key: 'validation.min_string', params: { min: num(p.minimum) } };
      if (p.origin === 'array') return { key: 'validation.min_array', params: { min: num(p.minimum) } };
      return { key: 'validation.min_number', params: { min: num(p.minimum) } };
    case 'too_big':
      if (p.origin === 'string') return { key: 'validation.max_string', params: { max: num(p.maximum) } };
      if (p.origin === 'array') return { key: 'validation.max_array', params: { max: num(p.maximum) } };
      return { key: 'validation.max_number', params: { max: num(p.maximum) } };
    case 'invalid_format':
      if (p.format === 'email') return { key: 'validation.email', params: {} };
      if (p.format === 'uuid') return { key: 'validation.uuid', params: {} };
      if (issue.message.startsWith('errors.'))
        return { key: `validation.${issue.message.slice(7)}` as MessageKey, params: {} };
      return { key: 'validation.format', params: {} };
    case 'invalid_value':
      if (Array.isArray(p.values) && p.values.length === 1 && p.values[0] === true)
        return { key: 'validation.accepted', params: {} };
      return { key: 'validation.in', params: {} };
    case 'invalid_union':
      return { key: 'validation.required', params: {} };
    case 'custom':
      if (issue.message.startsWith('errors.'))
        return {
          key: `validation.${issue.message.slice(7)}` as MessageKey,
          params: (p.params ?? {}) as Record<string, string | number>,
        };
      return { key: 'validation.format', params: {} };
    default:
      return { key: 'validation.format', params: {} };
  }
}

/**
 * zod issues of a value checked inside a write (not the request's body: a record template's values against their
 * model) as a ValidationFailed whose paths start with `prefix`, so the reply names them as any field error.
 */
export function issuesFailed(issues: readonly z.core.$ZodIssue[], prefix: string): ValidationFailed {
  const fields: ConstructorParameters<typeof ValidationFailed>[0] = Object.create(null);
  for (const issue of issues) {
    const { path, code, message, ...params } = issue;
    const at = [prefix, ...path.map(String)].filter(Boolean).join('.');
    if (code === 'unrecognized_keys')
      for (const k of issue.keys) (fields[`${at}.${k}`] ??= []).push({ key: 'validation.unknown_field' });
    else (fields[at] ??= []).push(describe({ keyword: code, instancePath: '', message, params }));
  }
  return new ValidationFailed(fields);
}

/** Field errors by path; no prototype, so a field named `constructor` or `__proto__` is a plain key. */
const fieldErrors = () => Object.create(null) as Record<string, string[]>;

/**
 * Field errors of zod issues in the caller's language; `entity` is the model the request writes (its fields are
 * named by their labels, server/i18n/field-labels.ts).
 */
export function zodIssuesToErrors(
  issues: Issue[],
  locale: Locale,
  prefix = '',
  entity?: AnyEntity,
): Record<string, string[]> {
  const errors = fieldErrors();
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const path = prefix && base ? `${prefix}.${base}` : base || prefix;
    if (issue.keyword === 'unrecognized_keys') {
      for (const k of (issue.params.keys as string[]) ?? []) {
        const full = path ? `${path}.${k}` : k;
        add(full, translate(locale, 'validation.unknown_field', { field: fieldLabel(locale, k, entity) }));
      }
      continue;
    }
    if (issue.keyword === 'invalid_union' && Array.isArray(issue.params.errors)) {
      // A union of bodies (e.g. code | recovery_code): report the first alternative's problems.
      const first = (issue.params.errors as { code: string; path: PropertyKey[]; message: string }[][])[0] ?? [];
      Object.assign(
        errors,
        zodIssuesToErrors(
          first.map((i) => ({
            keyword: i.code,
            instancePath: `/${i.path.join('/')}`,
            message: i.message,
            params: i,
          })),
          locale,
          path,
          entity,
        ),
      );
      continue;
    }
    const { key, params } = describe(issue);
    const field = path || 'body';
    add(field, translate(locale, key, { field: fieldLabel(locale, field, entity), ...params }));
  }
  return errors;
}

/**
 * A service's field errors in the caller's language, keyed `prefix.field`: `field` is the field's label, and a
 * `derived` param naming a field (`contract_end_date`, or `order.total` on another model) its label too.
 */
export function failedToErrors(err: ValidationFailed, locale: Locale, prefix: string, entity?: AnyEntity) {
  const errors = fieldErrors();
  for (const [field, list] of Object.entries(err.fields))
    errors[prefix ? `${prefix}.${field}` : field] = list.map((e) => {
      const params: Record<string, string | number> = { field: fieldLabel(locale, field, entity), ...(e.params ?? {}) };
      if (typeof params.derived === 'string') params.derived = derivedLabel(locale, params.derived, entity);
      return translate(locale, e.key, params);
    });
  return errors;
}

/** A derived value's name: `field` of the model written, or `model.field` of another ("Total (Order)"). */
function derivedLabel(locale: Locale, derived: string, entity?: AnyEntity) {
  const [model, field] = derived.includes('.') ? derived.split('.', 2) : [undefined, derived];
  const owner = model ? entityByName(model) : entity;
  const label = fieldLabel(locale, field!, owner);
  return owner && entity && owner !== entity ? `${label} (${modelOneLabel(owner, locale)})` : label;
}

/** The 422's summary: the first message, and how many more there are. */
export function summaryOf(locale: Locale, errors: Record<string, string[]>) {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? translate(locale, 'validation.summary');
  return messages.length > 1
    ? translate(locale, 'validation.summary_more', { first, count: messages.length - 1 })
    : first;
}

function validationReply(reply: FastifyReply, locale: Locale, errors: Record<string, string[]>) {
  return reply.code(422).send({ message: summaryOf(locale, errors), errors });
}

// PostgreSQL down, restarting or out of connections; the embedded database failed (a WebAssembly trap or exit)
// or is being reopened (server/db/client.ts). All of these pass: the client is told to retry.
const isDbUnavailable = (err: { code?: string; message?: string; name?: string }) =>
  [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '53300',
    '08000',
    '08003',
    '08006',
    '08001',
    'DB_REOPENING',
  ].includes(err.code ?? '') ||
  err instanceof WebAssembly.RuntimeError ||
  err.name === 'ExitStatus' ||
  /timeout exceeded when trying to connect|Query read timeout|Connection terminated|terminating connection|PGlite is closed|Client has encountered a connection error/i.test(
    err.message ?? '',
  );

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError & { code?: string }, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? 'en-us';
    // Drizzle wraps driver errors with the SQL and its parameters in the message: classify and log the cause only.
    const err = ('params' in thrown && 'query' in thrown && thrown.cause ? thrown.cause : thrown) as FastifyError & {
      code?: string;
    };
    if (hasZodFastifySchemaValidationErrors(err)) {
      return validationReply(
        reply,
        locale,
        zodIssuesToErrors(err.validation as unknown as Issue[], locale, '', entityOfRoute(routeUrl(req))),
      );
    }
    if (err instanceof ValidationFailed)
      return validationReply(reply, locale, failedToErrors(err, locale, '', entityOfRoute(routeUrl(req))));
    if (err instanceof HttpError) {
      if (err.status === 403 || err.status === 429)
        req.log.warn({ event: err.status === 403 ? 'forbidden' : 'rate_limited', user: req.user?.id }, err.key);
      return reply
        .code(err.status)
        .headers(err.headers)
        .send({ message: translate(locale, err.key, err.params), ...err.extra });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err.statusCode === 400 && err instanceof SyntaxError))
      return reply.code(400).send({ message: translate(locale, 'errors.malformed_json') });
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ message: translate(locale, 'errors.payload_too_large') });
    if (err.code === '57014') {
      req.log.error({ err: { message: err.message, code: err.code } }, 'statement timeout');
      return reply.code(503).send({ message: translate(locale, 'errors.timeout') });
    }
    if (isDbUnavailable(err)) {
      req.log.error({ err: { message: err.message, code: err.code } }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ message: translate(locale, 'errors.unavailable') });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (unsupported media type, bad content length, …): clear message, never internals.
      return reply.code(err.statusCode).send({ message: translate(locale, 'errors.bad_request') });
    }
    req.log.error(
      { err: { type: err.name, message: err.message, code: err.code, stack: err.stack } },
      'unhandled error',
    );
    return reply.code(500).send({ message: translate(locale, 'errors.server') });
  });
}
