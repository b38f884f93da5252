import { espruinoModule } from './espruino-module';

/**
 * The text of a firmware module in Storage (dt.rare, dt.maint), or '' when it is missing or was
 * written by another flash. The build stamps each module with the firmware's hash (its first
 * statement, `"<hash>";`): a flash writes the modules before the boot code, so one cut short
 * leaves new modules beside old boot code that would call them with other arguments. Checked
 * before the text runs.
 */
export function moduleCode(file: string): string {
  const code = espruinoModule('Storage').read(file);
  return code && code.substr(1, 8) === __DT_BUNDLE_HASH__ ? code : '';
}
