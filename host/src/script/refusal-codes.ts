/**
 * The codes `expect rej CODE` may name: every code the engines, the table and the board send has
 * words in ERROR_TEXT (test/host/script-parse-checks.test.ts keeps the firmware's there), so a
 * code without words is a typo, which would otherwise fail only at run time as "got nothing".
 */
import { ERROR_TEXT } from '../../../shared/engine/error-text';

/** Codes only, without the `code:detail` entries that word one detail of a code. */
export const REFUSAL_CODES: string[] = Object.keys(ERROR_TEXT).filter((k) => k.indexOf(':') < 0);
