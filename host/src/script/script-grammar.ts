/**
 * The table-script format, one line per step: parse-script.ts's reference and `dicetray script --help`
 * (a file of its own: the CLI loads it at start, and the parser's imports only when a script runs).
 */
export const SCRIPT_GRAMMAR = [
  '# comment                             from a # at the line start or after a space, outside "quotes"',
  'new Ann Ben Cleo [seed=N] [start=N]   new game through the protocol (names = seats 1..n, 2–5 players; house67=1 beside them: 6 or 7, a house rule; start = who begins, from 0: start=1 is Ben; "Ann Lee" for a name with spaces, \\" and \\\\ in quotes for a quote and a backslash; Latin-1 letters only: ü, é, ß but no €)',
  "given {json}                          start from a scenario 'given' (and optional \"config\")",
  'press S1 K1 K1 OK                     short presses, in order (S1..S7, K1..K6, OK, BK)',
  'hold OK                               long press (held past the long-press time)',
  'bounce K3                             a bouncing press (simulated board only)',
  'chord OK BK 3500                      hold buttons together for 3500 ms, or 3.5s or 3.5 s (simulated board only)',
  "wait 9000                             milliseconds, or with a unit as config takes: 9s, 9 s, 1m30s, 500ms (the simulated board's clock jumps; at most 24 h 1 min there, 1 h on other boards)",
  'act {"do":"pass"}                     an engine action sent as a host command (refused: the script fails, unless the next step is expect rej CODE)',
  'powercut                              power off and on (simulated board only)',
  'expect act throw [json subset]        an accepted action of that kind arrived',
  'expect rej CODE                       a refusal with that code arrived (or came again: a press echoed while it shows); codes: shared/engine/error-text.ts, those a Pechvogel board sends',
  'expect state path=json …              the mirrored game (conventions view) has these values (a bare word is text: phase=await_throw)',
  "expect ui path=json …                 the board's table UI (entry e, votes v, err …)",
  'expect led X Y LETTER                 the LED at column X, row Y shows palette LETTER (. d W R G B Y C M O)',
  'expect no act                         nothing was accepted since the last expectation',
].join('\n');
