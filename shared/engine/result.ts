import type { RuleError, StepFail } from './types';

/**
 * A coded refusal. `detail` is short and variable (a name, a count); the sentence a person
 * reads comes from describeError() on the host, so the board carries no prose.
 */
export function fail(code: string, detail?: string): StepFail {
  return { ok: false, error: ruleError(code, detail) };
}

export function ruleError(code: string, detail?: string): RuleError {
  return { code: code, message: detail || '' };
}
