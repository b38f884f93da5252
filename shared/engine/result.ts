import type { RuleError, StepFail } from './types';

/** A coded refusal. The state it refers to is left untouched by construction (see step()). */
export function fail(code: string, message: string): StepFail {
  return { ok: false, error: { code: code, message: message } };
}

export function ruleError(code: string, message: string): RuleError {
  return { code: code, message: message };
}
