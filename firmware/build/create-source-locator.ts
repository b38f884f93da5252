import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';

/** A position in an original source file: 1-based line, 0-based column, path relative to the working dir. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/** Maps a 1-based line / 0-based column in generated code back through one or more source maps. */
export type SourceLocator = (line: number, column: number) => SourcePosition;

const BUNDLE_FILE = '<bundle>';

/**
 * A locator for code generated with `mapJson`, whose `sources` are relative to `mapDir`.
 * Positions with no mapping (e.g. esbuild's runtime helpers) are reported in `<bundle>`.
 */
export function createSourceLocator(mapJson: string, mapDir: string, cwd: string): SourceLocator {
  const map = new SourceMap(JSON.parse(mapJson) as SourceMapPayload);
  return (line, column) => {
    const entry = map.findEntry(line - 1, column);
    if (!('originalSource' in entry) || !entry.originalSource) return { file: BUNDLE_FILE, line, column };
    const file = path.relative(cwd, path.resolve(mapDir, entry.originalSource)).split(path.sep).join('/');
    return { file, line: entry.originalLine + 1, column: entry.originalColumn };
  };
}

/** A locator for code generated from an intermediate step: `mapJson` maps into that step, `then` maps on from there. */
export function chainSourceLocators(mapJson: string, then: SourceLocator): SourceLocator {
  const map = new SourceMap(JSON.parse(mapJson) as SourceMapPayload);
  return (line, column) => {
    const entry = map.findEntry(line - 1, column);
    if (!('originalLine' in entry)) return { file: BUNDLE_FILE, line, column };
    return then(entry.originalLine + 1, entry.originalColumn);
  };
}
