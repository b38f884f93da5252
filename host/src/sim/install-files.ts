/** Puts the firmware's extra Storage files on a simulated board, as a flash does on a real one. */
import type { SimStorage } from './sim-storage';

export function installFiles(storage: SimStorage, files: Record<string, string>): void {
  const api = storage.api();
  for (const [name, content] of Object.entries(files)) if (storage.files[name] !== content) api.write(name, content);
}
