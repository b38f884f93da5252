/** What the build writes beside the bundle (firmware/dist/dicetray.json) and the host reads to flash or simulate it. */
export interface Manifest {
  fw: string;
  board: string;
  /** The firmware's hash as its hello reports it: the boot bundle and its modules, with the placeholder in place (build-firmware.ts). */
  hash: string;
  bytes: number;
  /** Button id → pin, from the pin map. */
  pins: Record<string, string>;
  /** Storage files besides .bootcde: name → file name in firmware/dist. */
  files?: Record<string, string>;
  maintenanceBytes?: number;
  rareBytes?: number;
}
