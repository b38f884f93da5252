/**
 * On Espruino's own Linux build: a journal write that found no room leaves the journal's file
 * handle unwritable for good (StorageFile "Can't write in this mode"). The firmware kept that
 * handle, so after one Storage-full refusal every later action was refused too, however much room
 * came back, until a new game. Now the next action opens the file again.
 */
import { describe, expect, it } from 'vitest';
import { ensureBundle } from '../../host/src/firmware-bundle';
import { EspruinoProcess } from '../support/espruino-process';
import type { HostCmd } from '../../shared/protocol/messages';

const BIN = process.env.ESPRUINO_BIN;
const THROW = { c: 'act', a: { do: 'throw', faces: [3, 3, 4, 5, 6, 7, 'R'] } } as unknown as HostCmd;

describe.skipIf(!BIN)('a full Storage on the real interpreter', () => {
  it('refuses the action it cannot journal, and takes it once there is room again', async () => {
    const bundle = await ensureBundle();
    const p = await EspruinoProcess.start({ bin: BIN, code: bundle.code, storage: bundle.files });
    try {
      await p.request({ c: 'cfg', k: 'attract_ms', v: 0 } as HostCmd);
      await p.request({ c: 'new', p: ['Ann', 'Ben', 'Cleo'] } as HostCmd);
      // Room for small files, not for the journal's next block.
      await p.probe('var S=require("Storage");S.write("filler","x",0,S.getFree()-600);print("FREE",S.getFree())', /FREE \d+/);
      const full = await p.request(THROW);
      expect(full.msgs.filter((m) => m.t === 'act')).toEqual([]);
      expect(full.msgs.find((m) => m.t === 'err')).toMatchObject({ code: 'storage_full' });
      await p.probe('require("Storage").erase("filler");require("Storage").compact();print("ERASED",require("Storage").getFree())', /ERASED \d+/);
      const again = await p.request(THROW);
      expect(again.msgs.find((m) => m.t === 'act')).toMatchObject({ n: 1 });
    } finally {
      await p.stop();
    }
  }, 60_000);
});
