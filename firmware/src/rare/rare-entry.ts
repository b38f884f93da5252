/** The rarely used module (load-rare.ts): built as its own Storage file, dt.rare. */
import { loadConfig } from '../config';
import { boot } from './boot';
import { newGame } from './new-game';
import { command } from './host-commands';

(globalThis as any).DT_RARE = { loadConfig: loadConfig, boot: boot, newGame: newGame, command: command };
export {};
