/**
 * firmware/src/buttons.ts on its own: what one button's debounced edges give. A held button is one
 * 'long' (while held) and no press; a short one is one 'press' at release; an edge repeated in the
 * same direction (a pin read twice as low) is no second press, and does not start the hold again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonEdge, LONG_PRESS_MS } from '../../firmware/src/buttons';

let got: string[] = [];
const emit = (id: string, kind: string) => got.push(id + ':' + kind);

beforeEach(() => {
  vi.useFakeTimers();
  got = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('button edges', () => {
  it('a short press: down, then press and up at release', () => {
    buttonEdge('K1', true, emit);
    vi.advanceTimersByTime(LONG_PRESS_MS - 100);
    buttonEdge('K1', false, emit);
    vi.advanceTimersByTime(2000);
    expect(got).toEqual(['K1:down', 'K1:press', 'K1:up']);
  });

  it('a held press: one long while held, no press at release', () => {
    buttonEdge('OK', true, emit);
    vi.advanceTimersByTime(LONG_PRESS_MS + 1000);
    buttonEdge('OK', false, emit);
    expect(got).toEqual(['OK:down', 'OK:long', 'OK:up']);
  });

  it('a down edge repeated while held is ignored: one down, one long, counted from the first edge', () => {
    buttonEdge('S3', true, emit);
    vi.advanceTimersByTime(500);
    buttonEdge('S3', true, emit);
    vi.advanceTimersByTime(LONG_PRESS_MS - 500);
    expect(got).toEqual(['S3:down', 'S3:long']);
    vi.advanceTimersByTime(2000);
    buttonEdge('S3', false, emit);
    buttonEdge('S3', false, emit);
    expect(got).toEqual(['S3:down', 'S3:long', 'S3:up']);
  });
});
