/**
 * What the simulated board's firmware raised, as a script reports it: the exception and the
 * board's own frames (`.boot0:1:7`, `dicetray.js:…`). The host's frames (node:vm, the sandbox
 * that ran the code) say nothing about the firmware and read like a crash of dicetray itself.
 */
export function firmwareRaised(error: string): string {
  return error
    .split('\n')
    .filter((l) => !/^\s*at .*(node:|[\\/])/.test(l))
    .join('\n')
    .trim();
}
