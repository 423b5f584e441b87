/** A refused call: the status and code of the error table (docs/design.md §3), and what was wrong. */
type FaultCode =
  | 'bad_request'
  | 'invalid_argument'
  | 'out_of_range'
  | 'not_found'
  | 'unknown_operation'
  | 'not_modelled'
  | 'forbidden'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable'
  | 'headers_too_large'
  | 'request_timeout'
  | 'script_error'
  | 'internal';

const FAULT_STATUS: Record<FaultCode, number> = {
  bad_request: 400,
  invalid_argument: 400,
  out_of_range: 400,
  not_found: 404,
  unknown_operation: 404,
  not_modelled: 501,
  forbidden: 403,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unavailable: 503,
  headers_too_large: 431,
  request_timeout: 408,
  script_error: 500,
  internal: 500,
};

export class Fault extends Error {
  constructor(
    readonly code: FaultCode,
    message: string,
    readonly parameter?: string,
  ) {
    super(message);
    this.name = 'Fault';
  }

  get status(): number {
    return FAULT_STATUS[this.code];
  }
}

export const invalid = (parameter: string | undefined, message: string) =>
  new Fault('invalid_argument', message, parameter);
export const notFound = (parameter: string | undefined, message: string) => new Fault('not_found', message, parameter);
/** The element at index `i` of a list of the model, or the out_of_range error naming the parameter. */
export function elementAt<T>(list: readonly T[], i: number, parameter: string, what: string): T {
  if (i < 0 || i >= list.length) throw outOfRange(parameter, i, list.length, what);
  return list[i];
}

export const outOfRange = (parameter: string, index: number, count: number, what: string) =>
  new Fault(
    'out_of_range',
    count === 0
      ? `${parameter} ${index} is out of range: there are no ${what}`
      : `${parameter} ${index} is out of range 0..${count - 1} (${count} ${what})`,
    parameter,
  );
