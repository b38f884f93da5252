/**
 * An `expect state`/`ui` path's keys: players."Seat 1".markers → players, Seat 1, markers. A key with a
 * space or a dot goes in double quotes, read as a JSON string as the rest of a script reads quotes
 * ("Ann\\" is Ann\, "Bo \"B\"" is Bo "B"), so every name `new` takes can be checked too.
 */
const KEY = /"(?:[^"\\]|\\.)*"|[^.]+/g;

export function pathKeys(path: string): string[] {
  return (path.match(KEY) || []).map((k) => {
    if (!k.startsWith('"')) return k;
    try {
      return JSON.parse(k) as string;
    } catch {
      // An escape JSON has not (\x): the text between the quotes, as written.
      return k.slice(1, -1);
    }
  });
}

/** A key as a path writes it: quoted where it needs quotes, so a message can be copied into a script. */
export const keyText = (k: string): string => (/[\s."\\]/.test(k) ? JSON.stringify(k) : k);
