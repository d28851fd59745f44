import qs from 'qs';

/** A refusal as Stripe sends it: the status, and the `error` object the SDK turns into a StripeError. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }

  get body() {
    const { type = 'invalid_request_error', code, param } = this.details;
    return { error: { type, message: this.message, ...(code && { code }), ...(param && { param }) } };
  }
}

export type Params = qs.ParsedQs;
type Value = Params[string];

/**
 * A form body or query string as the SDK writes it (`line_items[0][price_data][unit_amount]=1500`),
 * as nested objects and arrays of strings.
 */
export const parseParams = (text: string): Params => qs.parse(text, { depth: 8, arrayLimit: 100, parameterLimit: 1000 });

/** The name Stripe gives a nested parameter in its errors: `line_items[0][quantity]`. */
export const paramName = (prefix: string, name: string) => (prefix ? `${prefix}[${name}]` : name);

const invalid = (message: string, param: string) => new StripeError(400, message, { code: 'parameter_invalid', param });

/** Refuses what the operation does not take, as Stripe refuses an unknown parameter. */
export function onlyKnown(params: Params, names: readonly string[], prefix = '') {
  for (const name of Object.keys(params)) {
    if (names.includes(name)) continue;
    const param = paramName(prefix, name);
    throw new StripeError(
      400,
      `Received unknown parameter: ${param}. The Stripe stand-in takes ${names.join(', ') || 'none here'}.`,
      {
        code: 'parameter_unknown',
        param,
      },
    );
  }
}

function present(params: Params, name: string, prefix: string, required: boolean): Value {
  const value = params[name];
  if ((value === undefined || value === '') && required) {
    const param = paramName(prefix, name);
    throw new StripeError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
  }
  return value === '' ? undefined : value;
}

export function text(params: Params, name: string, options: { prefix?: string; required: true; max?: number }): string;
export function text(
  params: Params,
  name: string,
  options?: { prefix?: string; required?: boolean; max?: number },
): string | undefined;
export function text(params: Params, name: string, { prefix = '', required = false, max = 5000 } = {}) {
  const value = present(params, name, prefix, required);
  if (value === undefined) return undefined;
  const param = paramName(prefix, name);
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param} must be a string.`, param);
  if (value.length > max) throw invalid(`Invalid string: ${param} must be at most ${max} characters.`, param);
  return value;
}

export function integer(
  params: Params,
  name: string,
  options: { prefix?: string; required: true; min?: number; max?: number },
): number;
export function integer(
  params: Params,
  name: string,
  options?: { prefix?: string; required?: boolean; min?: number; max?: number },
): number | undefined;
export function integer(
  params: Params,
  name: string,
  { prefix = '', required = false, min = 0, max = Number.MAX_SAFE_INTEGER } = {},
) {
  const value = present(params, name, prefix, required);
  if (value === undefined) return undefined;
  const param = paramName(prefix, name);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value))
    throw invalid(`Invalid integer: ${typeof value === 'string' ? value : param}`, param);
  const number = Number(value);
  if (number < min || number > max) throw invalid(`Invalid ${param}: must be between ${min} and ${max}.`, param);
  return number;
}

export function hash(params: Params, name: string, prefix = ''): Params | undefined {
  const value = present(params, name, prefix, false);
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('Invalid hash', paramName(prefix, name));
  return value;
}

/** A list the SDK sent as `name[0][...]`, `name[1][...]`; each entry an object. */
export function list(params: Params, name: string): Params[] {
  const value = present(params, name, '', true);
  const entries = Array.isArray(value) ? value : [];
  if (entries.length === 0 || !entries.every((entry): entry is Params => typeof entry === 'object'))
    throw invalid('Invalid array', name);
  return entries;
}

/** A list of strings the SDK sent as `name[0]=...`, each one of `allowed`. */
export function choices(params: Params, name: string, allowed: readonly string[]): string[] | undefined {
  const value = present(params, name, '', false);
  if (value === undefined) return undefined;
  const entries = Array.isArray(value) ? value : [];
  if (entries.length === 0 || !entries.every((entry): entry is string => typeof entry === 'string'))
    throw invalid('Invalid array', name);
  const other = entries.find((entry) => !allowed.includes(entry));
  if (other !== undefined) throw invalid(`Invalid ${name}: the Stripe stand-in takes ${allowed.join(', ')}, not ${other}.`, name);
  return entries;
}

/** Metadata with Stripe's limits: up to 50 keys of 40 characters, values of 500. */
export function metadata(params: Params, name: string, prefix = ''): Record<string, string> {
  const entries = Object.entries(hash(params, name, prefix) ?? {});
  const param = paramName(prefix, name);
  if (entries.length > 50) throw invalid(`Invalid ${param}: at most 50 keys.`, param);
  const result: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (key.length > 40) throw invalid(`Invalid ${param}: keys must be at most 40 characters.`, param);
    if (typeof value !== 'string' || value.length > 500)
      throw invalid(`Invalid ${param}[${key}]: a string of at most 500 characters.`, param);
    // An empty value unsets a key in Stripe; on a new object there is nothing to unset.
    if (value !== '') result[key] = value;
  }
  return result;
}
