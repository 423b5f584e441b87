import sjson from 'secure-json-parse';
import { Fault } from '../model/faults';

/** The body is a JSON array of positional arguments; an empty body means []. Prototype-polluting keys are refused. */
export function parseArguments(body: string): unknown[] {
  if (body.trim() === '') return [];
  let value: unknown;
  try {
    value = sjson.parse(body, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    throw new Fault('bad_request', `body is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw new Fault('bad_request', 'body must be a JSON array of the positional arguments');
  return value;
}
