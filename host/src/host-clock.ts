/**
 * The host's clock for how long things last (a countdown's time left, how long a refusal shows,
 * how long a table is idle, how long a board has been quiet): milliseconds that start at the
 * wall clock and never jump. Date.now() jumps when the computer's clock is set (NTP at boot on a
 * wall screen's Raspberry Pi without a clock battery, or a clock set back by hand): set back an
 * hour, the page counted a reroll window down from "3607.9 s" and kept a refusal for an hour;
 * set forward, the mirror dropped a working board as silent. Times written down for people (logs,
 * --json, CSV) stay on the wall clock.
 */
export const hostNow = (): number => performance.timeOrigin + performance.now();
