/**
 * The one line an unexpected error gets, whatever was thrown: a value String() cannot convert (an
 * object without a prototype) or whose `message` getter throws made the handler throw again, and
 * the process ended with no JSON and no hint.
 */
import { describe, expect, it } from 'vitest';
import { thrownStack, thrownText } from '../../host/src/thrown-text';

const UNSHOWABLE = 'a value that cannot be shown (thrown by a bug)';

describe('thrownText and thrownStack', () => {
  it('say an Error by its message and anything else as String() does', () => {
    expect(thrownText(new Error('boom'))).toBe('boom');
    expect(thrownText(undefined)).toBe('undefined');
    expect(thrownText({ message: '' })).toBe('[object Object]');
    expect(thrownStack(new Error('boom'))).toMatch(/^Error: boom\n\s+at /);
    expect(thrownStack(7)).toBe('7');
  });

  it('do not throw for a value that cannot be made a string', () => {
    const bare = Object.create(null);
    expect(() => String(bare)).toThrow();
    expect(thrownText(bare)).toBe(UNSHOWABLE);
    expect(thrownStack(bare)).toBe(UNSHOWABLE);
    const trap = { get message(): string { throw new Error('getter'); }, get stack(): string { throw new Error('getter'); } };
    expect(thrownText(trap)).toBe(UNSHOWABLE);
    expect(thrownStack(trap)).toBe(UNSHOWABLE);
  });
});
