import type { RuleError, StepFail } from './types';

/**
 * A coded refusal. `detail` is short and variable (a name, a count); the sentence a person
 * reads comes from describeError() on the host, so the board carries no prose.
 */
export function fail(code: string, detail?: unknown): StepFail {
  return { ok: false, error: ruleError(code, detail) };
}

/**
 * `detail` may be whatever an action carried: strings and numbers as they are, anything else by
 * its type (junk such as {toString: {}} cannot even be made a string).
 */
export function ruleError(code: string, detail?: unknown): RuleError {
  return { code: code, message: detail === undefined ? '' : typeof detail === 'object' && detail ? 'object' : '' + detail };
}
