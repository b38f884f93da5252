/** One reason the bundle cannot run on Espruino 2v29, pointing at the original source. */
export interface BuildIssue {
  /** Source file, relative to the working directory (`<bundle>` when no source maps back). */
  file: string;
  /** 1-based line in `file`. */
  line: number;
  /** 0-based column in `file`. */
  column: number;
  message: string;
}

/** Thrown by the Espruino build when the source uses something Espruino 2v29 cannot run. */
export class EspruinoBuildError extends Error {
  readonly issues: BuildIssue[];

  constructor(issues: BuildIssue[]) {
    super(`Espruino build failed:\n${issues.map(formatIssue).join('\n')}`);
    Object.setPrototypeOf(this, EspruinoBuildError.prototype);
    this.name = 'EspruinoBuildError';
    this.issues = issues;
  }
}

/** `file:line:column: message`, the shape editors and terminals turn into links. */
export function formatIssue(issue: BuildIssue): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.message}`;
}
