/**
 * The big-screen page: one panel per table with the LED board, players, markers, frustrations,
 * Murphy, whose turn, what the table should do now (the host's sentences, the same as the
 * terminal's), the open reroll window with its countdown, the set-up, and an attract screen when
 * a table without a game is idle. Read-only: it only listens to /events (server-sent events,
 * /state.json as the fallback) and has no way to send anything to a board.
 *
 * Everything in a panel is sized in em of the panel's font size, which the page sets per panel
 * to the largest that fits (nothing cut, nothing outside the panel): a 5-player game on a
 * 800 × 600 screen gets small type, a 2-player game on a 1920 × 1080 screen big type. Zoomed in
 * (browser zoom), the type grows with the zoom and the page scrolls down (fit()).
 */
import { PALETTE_LETTERS, PALETTE_RGB } from '../../../firmware/src/leds/frame';
import { escapeXml } from '../../../shared/text/escape-xml';

const PHASE_TEXT: Record<string, string> = {
  await_first_throw: 'first throw: all 7 dice',
  await_target: 'chooses the target',
  await_throw: 'throws',
  reroll_window: 'threw: reroll window open',
  await_reroll: 'rerolls',
  await_marker_choice: 'takes or steals a marker',
  game_over: 'game over',
};

/**
 * The page's icon, inline (a die's five in the page's amber): browsers asked for /favicon.ico
 * otherwise, a 404 in the logs and the devtools of every wall screen.
 */
export const ICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect width='16' height='16' rx='3' fill='#ffb400'/>"
  + [[4, 4], [12, 4], [8, 8], [4, 12], [12, 12]].map(([x, y]) => `<circle cx='${x}' cy='${y}' r='1.7' fill='#111'/>`).join('')
  + '</svg>';
const ICON = 'data:image/svg+xml,' + encodeURIComponent(ICON_SVG);

export function pageHtml(title = 'dicetray'): string {
  const palette: Record<string, string> = {};
  for (let i = 0; i < PALETTE_LETTERS.length; i++) palette[PALETTE_LETTERS[i]] = `rgb(${PALETTE_RGB[i].join(',')})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<link rel="icon" href="${ICON}">
<style>
  /* --bad is red type on the dark panel (5.7:1); --alarm a red for white type to stand on (5.6:1; on --bad it was 3.1:1). */
  :root { --bg:#0d0f14; --panel:#161a22; --fg:#f2f2f2; --dim:#8a93a6; --accent:#ffb400; --bad:#ff5a4f; --alarm:#c62828; --good:#4fd27a; }
  * { box-sizing: border-box; }
  html, body { margin:0; height:100%; overflow:hidden; background:var(--bg); color:var(--fg); font-family: "DejaVu Sans", system-ui, sans-serif; }
  body { display:flex; flex-direction:column; }
  #tables { display:grid; gap:1vmin; padding:1vmin; flex:1; min-height:0; width:100vw; grid-template-columns: minmax(0,1fr); grid-auto-rows: minmax(0,1fr); }
  .panel { position:relative; background:var(--panel); border-radius:1.2vmin; padding:0.5em 0.7em; overflow:hidden; min-width:0; min-height:0; font-size:16px; line-height:1.2; }
  .inner { display:flex; flex-direction:column; gap:0.35em; }
  /* No text below 0.8 of the panel's type (the header, tags, the middle's markers were 0.56–0.7): 20 px or more at 1280 × 720 with 7 players, read from a few metres. */
  .head { display:flex; flex-wrap:wrap; align-items:baseline; gap:0.1em 0.6em; font-size:0.8em; color:var(--dim); white-space:nowrap; min-width:0; }
  .head .label { margin:0; color:var(--fg); font-weight:700; font-size:1.2em; flex:0 1 auto; overflow:hidden; text-overflow:ellipsis; }
  /* For screen readers only (the page's heading, each table's "do now" line): no room, and off the
     screen, so not even its clipped text lies over what is shown. */
  .sr { position:absolute; left:-10000px; top:0; width:1px; height:1px; overflow:hidden; white-space:nowrap; }
  .head .fw { overflow:hidden; text-overflow:ellipsis; min-width:0; flex:0 1 auto; }
  .status { padding:0.1em 0.6em; border-radius:1em; background:#2a2f3a; flex:none; }
  .status.live { background:#1d3a27; color:var(--good); }
  .status.lost, .status.mismatch, .status.incomplete, .status.silent, .status.stopped { background:#3d1d1d; color:var(--bad); }
  .status.flashing { background:#1f5f6b; color:#fff; }
  .banner { display:none; font-size:0.8em; font-weight:700; color:#fff; background:var(--alarm); border-radius:0.3em; padding:0.25em 0.6em; }
  .banner.on { display:block; }
  /* The staff menu (OK + BACK held 3 s at the table): its keys and settings, or the self-test, big. */
  .staff { display:none; flex-direction:column; gap:0.2em; background:#1f5f6b; color:#fff; border-radius:0.3em; padding:0.3em 0.6em 0.4em; }
  .panel.staff-mode .staff { display:flex; }
  .staff .stitle { font-size:1.25em; font-weight:800; }
  .staff .skeys { display:flex; flex-wrap:wrap; gap:0.2em 1.1em; }
  .staff .sk { font-size:1.05em; font-weight:700; white-space:nowrap; }
  .staff .key { display:inline-block; min-width:1.9em; text-align:center; background:#f2f2f2; color:#111; border-radius:0.25em; padding:0 0.2em; margin-right:0.35em; font-weight:800; }
  /* Lighter than the accent: amber on the menu's teal was 4.05:1. */
  .staff .now { color:#ffd24d; }
  .staff .sline { font-size:1em; font-weight:700; }
  .staff .snote { font-size:0.8em; opacity:0.85; }
  .staff .snote:empty { display:none; }
  /* The countdown: first and biggest while it runs (reroll window, or the board's own marker choice). */
  .window { display:none; color:#111; background:var(--accent); border-radius:0.3em; padding:0.25em 0.5em 0.4em; position:relative; align-items:center; gap:0.1em 0.6em; flex-wrap:wrap; }
  .window.open { display:flex; }
  .window .count { font-size:2.4em; font-weight:800; line-height:1; white-space:nowrap; font-variant-numeric:tabular-nums; min-width:3.6ch; text-align:right; flex:none; }
  .window .wtext { flex:1 1 15em; min-width:0; display:flex; flex-direction:column; gap:0.1em; }
  .window .text { font-size:1.15em; font-weight:800; }
  .window .text:empty { display:none; }
  .window .lines div { font-size:0.9em; font-weight:700; }
  .window .bar { position:absolute; left:0; bottom:0; height:0.25em; background:#111; opacity:0.5; border-radius:0 0 0 0.3em; }
  .body { display:flex; gap:0.8em; align-items:flex-start; min-width:0; }
  .panel.tall .body { flex-direction:column; align-items:stretch; }
  .leds { flex:none; width:min(42%, 16em); }
  .panel.slim .leds { width:min(30%, 12em); }
  .panel.tall .leds { width:min(100%, 18em); align-self:center; }
  .leds canvas { width:100%; height:auto; display:block; background:#05060a; border-radius:0.3em; }
  .game { flex:1; display:flex; flex-direction:column; gap:0.3em; min-width:0; }
  .turn { font-size:1.45em; font-weight:700; line-height:1.15; }
  .turn .who { color:var(--accent); }
  .turn.bad { color:var(--bad); }
  .prompt { display:flex; flex-direction:column; gap:0.1em; }
  .prompt div { font-size:0.95em; font-weight:700; color:var(--accent); }
  .prompt div.sub { color:var(--fg); font-weight:400; }
  .prompt .nw, .window .nw { white-space:nowrap; }
  .refusal { display:none; font-size:0.9em; font-weight:700; color:#fff; background:#6b2320; border-radius:0.3em; padding:0.1em 0.5em; }
  .refusal.on { display:block; }
  .detail { font-size:0.8em; color:var(--dim); }
  .detail:empty { display:none; }
  /* rank, name, markers, frustrations, tags (and the room left), score: every part a column at least as wide as
     what it holds, so nothing is drawn over another (the Murphy badge was drawn over a score). The name's
     column alone may be narrower: fit() takes a cut name for content that does not fit, so a name is cut
     (…) only where it does not fit at the smallest type, not at a set width ("WWWWWWWWWW…" beside 700 px). */
  .players { list-style:none; margin:0; padding:0; display:grid; grid-template-columns: max-content minmax(0, max-content) max-content max-content minmax(max-content, 1fr) max-content; column-gap:0.55em; row-gap:0.2em; }
  .player { display:grid; grid-column:1 / -1; grid-template-columns:subgrid; align-items:center; padding:0.1em 0.35em; border-radius:0.3em; white-space:nowrap; }
  .player.active { background:#2b2416; outline:0.12em solid var(--accent); }
  .player .rank { color:var(--dim); font-size:0.8em; }
  .player .name { font-weight:700; overflow:hidden; text-overflow:ellipsis; }
  .markers { display:flex; gap:0.2em; }
  .marker { display:inline-block; min-width:1.4em; text-align:center; border-radius:0.3em; background:#e8e0c8; color:#111; font-weight:700; font-size:0.8em; padding:0 0.15em; }
  .frus { color:var(--bad); font-weight:700; }
  .tags { display:flex; gap:0.3em; }
  .tag { background:var(--alarm); color:#fff; border-radius:0.3em; padding:0 0.35em; font-size:0.8em; font-weight:700; }
  .tag.vote { background:#6a4cff; }
  .score { font-weight:700; text-align:right; }
  /* Portrait (stack): each player on two lines, name, tags and score above, markers and frustrations
     below, so the type can be as large as the screen's height allows, not only its width. */
  .panel.stack .players { grid-template-columns: max-content minmax(0, max-content) max-content minmax(0,1fr) max-content; row-gap:0.3em; }
  .panel.stack .player { row-gap:0.1em; padding:0.15em 0.35em; }
  .panel.stack .player .rank { grid-row:1; grid-column:1; }
  .panel.stack .player .name { grid-row:1; grid-column:2; }
  .panel.stack .player .tags { grid-row:1; grid-column:3; }
  .panel.stack .player .score { grid-row:1; grid-column:5; }
  .panel.stack .player .markers { grid-row:2; grid-column:2 / 3; }
  .panel.stack .player .frus { grid-row:2; grid-column:3 / 6; justify-self:start; }
  .winner .name, .winner .score { color:var(--accent); }
  .middle { font-size:0.8em; color:var(--dim); display:flex; flex-wrap:wrap; gap:0.2em 0.9em; align-items:center; }
  .middle .grp { display:flex; gap:0.4em; align-items:center; white-space:nowrap; }
  .middle .mid { white-space:nowrap; }
  .middle .marker { font-size:1em; }
  /* The rule options the game is played with, under the LED board (beside the game there is room below it). */
  .options { font-size:0.8em; color:var(--fg); margin-top:0.3em; }
  .options:empty { display:none; }
  .legend { font-size:0.8em; color:var(--fg); margin-top:0.3em; }
  .legend:empty { display:none; }
  .setup { display:none; flex-direction:column; gap:0.3em; }
  .panel.setup-mode .setup { display:flex; }
  .panel.setup-mode .players, .panel.setup-mode .middle, .panel.setup-mode .detail, .panel.setup-mode .prompt, .panel.setup-mode .options, .panel.setup-mode .legend { display:none; }
  .panel.setup-mode.live .turn { display:none; }
  .panel.setup-mode .refusal { order:1; }
  .setup .title { font-size:2em; font-weight:800; letter-spacing:0.04em; color:var(--accent); }
  .setup .seats { display:flex; gap:0.3em; flex-wrap:wrap; }
  .setup .seat { border:0.1em solid #3a4150; border-radius:0.3em; padding:0.1em 0.4em; color:var(--dim); white-space:nowrap; }
  .setup .seat.in { background:#1d3a27; border-color:var(--good); color:var(--fg); font-weight:700; }
  .setup .seat.start { outline:0.12em solid var(--accent); }
  .setup .line { font-size:0.85em; }
  .setup .line.first { font-weight:700; font-size:0.95em; }
  /* The last event says how a turn ended: read from across the room, two lines at most. */
  .notes { font-size:0.85em; color:var(--fg); opacity:0.85; overflow:hidden; display:-webkit-box; -webkit-box-orient:vertical; -webkit-line-clamp:2; }
  /* Not live (board lost, reconnecting, not answering) or the page has lost the host: dimmed, no countdown, no prompts. */
  .panel.down .leds, .panel.down .detail, .panel.down .players, .panel.down .middle, .panel.down .options, .panel.down .legend, .panel.down .notes { opacity:0.35; }
  .panel.down .window, .panel.down .prompt, .panel.down .refusal, .panel.down .staff { display:none; }
  .attract { position:absolute; inset:0; display:none; flex-direction:column; align-items:center; justify-content:center; gap:0.5em; background:var(--panel); text-align:center; padding:1em; }
  .panel.idle .attract { display:flex; }
  /* Opaque: seen through, a set-up underneath doubled its title and call, and a finished game's standings jumbled it from across a room. */
  .attract .title { font-size:3em; font-weight:800; letter-spacing:0.04em; color:var(--accent); animation: pulse 2.4s ease-in-out infinite; }
  .attract .sub { font-size:1.2em; }
  .attract .small { font-size:0.8em; color:var(--dim); }
  @keyframes pulse { 0%,100% { opacity:1; transform:scale(1); } 50% { opacity:0.75; transform:scale(0.97); } }
  /* Zoomed in: the page scrolls (fit() grows the panels' type with the zoom); the offline line's type grows with it. */
  html.zoomed, html.zoomed body { overflow-y:auto; }
  html.zoomed body { height:auto; min-height:100%; }
  html.zoomed #tables { flex:none; }
  #offline { display:none; flex:none; padding:1.2vmin 2vmin; background:var(--alarm); color:#fff; font-size:calc(3.6vmin * var(--zoom, 1)); font-weight:700; text-align:center; }
  body.offline #offline { display:block; }
  body.offline #tables { opacity:0.35; }
  #empty { font-size:calc(4vw * var(--zoom, 1)); color:var(--dim); padding:4vw; }
  /* A guest who asked for less motion: the attract title stands still (blinking LEDs: see drawLeds). */
  @media (prefers-reduced-motion: reduce) { .attract .title { animation:none; } }
  /* Forced colours (Windows high contrast) drop the backgrounds: the alarms get a frame and a sign,
     the player whose turn it is a sign beside the name, so neither reads by colour alone. */
  @media (forced-colors: active) {
    .banner, .refusal, #offline, .staff, .window, .tag { border:0.15em solid CanvasText; }
    .banner::before, .refusal::before, #offline::before { content:'⚠ '; }
    .player.active { outline:0.15em solid Highlight; }
    .player.active .rank::before { content:'▶'; }
  }
</style>
</head>
<body>
<h1 class="sr">${escapeXml(title)}</h1>
<div id="offline" role="status"></div>
<div id="tables"><div id="empty">Waiting for the mirror…</div></div>
<script>
"use strict";
const PALETTE = ${JSON.stringify(palette)};
const PHASE = ${JSON.stringify(PHASE_TEXT)};
const STATUS = { live: 'live', lost: 'reconnecting…', connecting: 'connecting…', waiting: 'waiting for the board', handshake: 'connecting…', silent: 'no answer', mismatch: 'protocol mismatch', incomplete: 'firmware incomplete', flashing: 'console open for flashing', stopped: 'stopped' };
// A table that is not live says so in its headline instead of a game that may have moved on.
const DOWN_TURN = { lost: 'Board lost — reconnecting', connecting: 'Connecting to the board…', waiting: 'Waiting for the board…', handshake: 'Connecting to the board…', silent: 'The board does not answer', mismatch: 'Protocol mismatch', incomplete: 'The board cannot play: its firmware is incomplete', flashing: 'Staff: console open for flashing', stopped: 'Stopped' };
const DOWN_BANNER = {
  lost: 'Connection to the board lost at SINCE; reconnecting. The game goes on at the table; this screen catches up when the board is back.',
  waiting: 'No board at PORT yet: check that it is plugged in (USB) and switched on. This screen shows the game as soon as it answers.',
  silent: 'The board does not answer (since SINCE); still asking.',
  mismatch: 'This board runs a different protocol version. Flash it with dicetray flash.',
  incomplete: "Part of the board's firmware (dt.rare) is missing, damaged or from another flash (a flash cut short?). Staff: flash it again with dicetray flash. A game it had saved waits and comes back after the flash.",
  flashing: 'Staff held K4 in the staff menu: the board waits to be flashed. To flash: stop the mirror, then run dicetray flash -p PORT --unlock PASSWORD. To play on: restart the board, or wait (5 minutes without a flash and it is back by itself).',
};
// The LED board at game over (its seat bars, the light above the best score, Murphy's), in words.
const OVER_LEGEND = 'LED board: a green bar per seat, the taller the better placed; the blinking light on top: the best score (each of them on a tie); blue: Murphy';
const panels = {};
// recvAt: when the last update came (the server sends one at least every 5 s); linkDown: the feed
// reported an error. Either way the screen says it is not live instead of showing a frozen game.
// recvWall: the same on the wall clock, for the words (until the first update, when the page came from the host).
let data = null, recvAt = performance.now(), recvWall = Date.now(), updates = 0, linkDown = false, downSince = 0;

// A true minus sign (U+2212), as the terminal view writes it: a hyphen reads as a dash on a TV.
function scoreText(n) { return (n < 0 ? '\u2212' + (-n) : String(n)) + (n === 1 || n === -1 ? ' pt' : ' pts'); }
function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ '&':'&amp;', '<':'&lt;', '>':'&gt;', '"':'&quot;', "'":'&#39;' })[c]); }
// Parts said one after another as sentences: a part that ends its own sentence (the flashing
// banner's "…by itself).") gets no second full stop ("itself).. Staff:" in the screen-reader line).
function sentences(parts) {
  return parts.filter(Boolean).reduce((said, part) => said ? said + (/[.!?]$/.test(said) ? ' ' : '. ') + part : part, '');
}
// A list of short items ("odds: marker 71 % · 3+ ravens 33 % · …") breaks only between them ("Murphy
// 16" above a lone "%", "3+" above "ravens" on a wide screen); anything longer wraps as usual, and a
// percentage keeps its sign anywhere.
function items(text) {
  return text.split(' · ').map((c, i) => {
    const j = i === 0 ? c.lastIndexOf(': ') : -1;
    const head = j >= 0 ? c.slice(0, j + 2) : '', item = c.slice(head.length);
    return head + (item.length <= 30 ? '<span class="nw">' + item + '</span>' : item);
  }).join(' · ');
}
function lines(arr, cls) {
  return (arr || []).map((l) => {
    const text = esc(l.trim()).replace(/ %/g, '&nbsp;%');
    return '<div' + (/^\\s/.test(l) ? ' class="sub"' : '') + '>' + (text.indexOf(' · ') >= 0 ? items(text) : text) + '</div>';
  }).join('');
}
// The panel's parts are written only when what they show changed: a write, even of the same text,
// costs the page a layout, and updates come with every LED frame.
const htmlOf = new WeakMap();
function setText(el, text) { htmlOf.delete(el); if (el.textContent !== text) el.textContent = text; }
function setHtml(el, html) { if (htmlOf.get(el) !== html) { el.innerHTML = html; htmlOf.set(el, html); } }
// Everything a board sends goes through esc() on its way into markup, numbers too (the host checks
// the state it shows; this page does not rely on it).
function marker(v) { return '<span class="marker">' + esc(v) + '</span>'; }
function counts(arr) { return arr.map((c, i) => c ? '<span class="mid">' + marker(i + 3) + ' ×' + esc(c) + '</span>' : '').filter(Boolean).join(''); }

function panelFor(t) {
  let p = panels[t.id];
  if (p) return p;
  const el = document.createElement('section');
  el.className = 'panel';
  el.dataset.table = t.id;
  // A region per table, named by its heading; .say repeats the headline and what to do now for a
  // screen reader, politely: the countdown's ticks are not in it (they would drown everything).
  el.setAttribute('aria-labelledby', 'label-' + t.id);
  el.innerHTML = '<div class="inner"><div class="head"><h2 class="label" id="label-' + esc(t.id) + '"></h2><span class="status"></span><span class="fw"></span></div>'
    + '<div class="banner"></div><div class="staff"></div>'
    + '<div class="window"><div class="count"></div><div class="wtext"><div class="text"></div><div class="lines"></div></div><div class="bar"></div></div>'
    + '<div class="body"><div class="leds"><canvas width="680" height="340" role="img" aria-label="LED board"></canvas><div class="options"></div><div class="legend"></div></div>'
    + '<div class="game"><div class="turn"></div><div class="prompt"></div><div class="refusal"></div><div class="detail"></div>'
    + '<ul class="players"></ul><div class="middle"></div><div class="setup"></div></div></div>'
    + '<div class="notes"></div><div class="sr say" aria-live="polite"></div></div>'
    + '<div class="attract"><div class="title">PECHVOGEL</div><div class="sub"></div><div class="small"></div></div>';
  document.getElementById('tables').appendChild(el);
  const empty = document.getElementById('empty');
  if (empty) empty.remove();
  p = { el, inner: el.firstChild, q: (s) => el.querySelector(s), deadline: 0, span: 1, cd: '', down: null, wopen: null, refusalUntil: 0, refShown: null };
  panels[t.id] = p;
  layout();
  return p;
}

/**
 * Browser zoom (Ctrl +), as Chromium reports it: the CSS viewport (innerWidth) shrinks while the
 * window's outer width stays in screen pixels, and devicePixelRatio grows by the same factor (a
 * side panel or docked devtools narrow innerWidth without it: hence the smaller of the two). 1
 * where neither says so (other browsers report outerWidth zoomed too: the page fits as at 100 %).
 */
function zoomOf() {
  const z = Math.min(window.outerWidth / window.innerWidth, window.devicePixelRatio || 1);
  return z > 1.05 && isFinite(z) ? z : 1;
}
// The zoom now (1: none) and a panel's height at it without scrolling (the screen's share).
let zoom = 1, cellH = 0;

/**
 * Tables side by side or one above the other: whichever gives each panel the larger short side.
 * Zoomed in, the page scrolls down (see fit()): each row of panels as tall as its content, at
 * least its share of the screen.
 */
function layout() {
  zoom = zoomOf();
  const root = document.documentElement;
  root.classList.toggle('zoomed', zoom > 1);
  root.style.setProperty('--zoom', String(zoom));
  const n = Object.keys(panels).length || 1, W = window.innerWidth, H = window.innerHeight;
  let best = 1, score = -1;
  for (let cols = 1; cols <= n; cols++) {
    const rows = Math.ceil(n / cols), s = Math.min(W / cols, H / rows);
    if (s > score + 1) { score = s; best = cols; }
  }
  const tables = document.getElementById('tables');
  tables.style.gridTemplateColumns = 'repeat(' + best + ', minmax(0, 1fr))';
  const rows = Math.ceil(n / best), v = Math.min(W, H) / 100, off = document.getElementById('offline');
  tables.style.gridTemplateRows = 'repeat(' + rows + (zoom > 1 ? ', auto)' : ', minmax(0, 1fr))');
  // #tables' padding and gaps are 1vmin.
  cellH = (H - (off ? off.offsetHeight : 0) - 2 * v - (rows - 1) * v) / rows;
}

/**
 * How much the panel's content overflows at its current font size: the ratio of its height to the
 * room below, and the largest ratio of a part's width to its box (nothing cut sideways); both at
 * most 1: it fits. One layout, however many parts are read.
 */
function overflow(p) {
  const el = p.el, cs = getComputedStyle(el);
  const room = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
  const h = room + 0.5 > 0 ? p.inner.scrollHeight / (room + 0.5) : Infinity;
  let w = p.inner.scrollWidth / (p.inner.clientWidth + 0.5);
  for (const e of el.querySelectorAll('.player, .window, .turn, .prompt, .middle, .options, .legend, .setup, .staff, .game, .body')) w = Math.max(w, e.scrollWidth / (e.clientWidth + 0.5));
  // A name's column may be narrower than the name (it is cut, "…"): by a fraction of a pixel too,
  // which scrollWidth (whole pixels) does not tell; its text's own width does.
  const text = document.createRange();
  for (const e of el.querySelectorAll('.player .name')) {
    text.selectNodeContents(e);
    w = Math.max(w, text.getBoundingClientRect().width / (e.getBoundingClientRect().width + 0.01));
  }
  return [h, w];
}
/** Whether the panel's content fits at its current font size. */
function fits(p) { const o = overflow(p); return o[0] <= 1 && o[1] <= 1; }
/** Puts the panel in a layout (see fit()). */
function setWay(el, cls) {
  el.classList.toggle('tall', cls === 'tall' || cls === 'stack');
  el.classList.toggle('stack', cls === 'stack');
  el.classList.toggle('slim', cls === 'slim');
}
/**
 * The largest font size (px, at most hi) at which the panel's content fits in its layout now, to
 * within tol: lo fits (or is the floor, 4 px), top does not; the first try is at s (the size this
 * layout had last time). Each try is one layout. The content grows with the type (nearly: lines
 * wrap), so a try that overflows says where it would just fit, and a step above that is tried
 * next; where that does not close in, halving. Content as it was: two tries (the size it had fits,
 * a step above does not); halving alone took eleven.
 */
function largest(p, lo, top, s, hi, tol) {
  // How full the content is at lo (its height: the widths of what fits say nothing) and how far over at top.
  let rlo = 0, rtop = 0, prevS = s;
  for (let i = 0; i < 40; i++) {
    p.el.style.fontSize = s + 'px';
    const o = overflow(p), ok = o[0] <= 1 && o[1] <= 1;
    if (ok) { lo = s; rlo = o[0]; if (s >= hi) return hi; } else { top = s; rtop = Math.max(o[0], o[1]); }
    if (top - lo <= tol * 1.001) return lo;
    let next;
    // Nothing too big yet: just above the size it had, then up to where the height would be full,
    // at least twice the last step.
    if (top === Infinity) next = i === 0 ? s + tol : Math.max(s / o[0], s + 2 * (s - prevS));
    // Too big, nothing known to fit yet: where it would just fit if it grew with the type.
    else if (!rlo) next = s / rtop;
    // Between the two, where the fullness would reach 1 (a line that wraps makes it jump: after
    // five tries, halving).
    else next = i < 5 && rtop > rlo ? lo + ((1 - rlo) * (top - lo)) / (rtop - rlo) : (lo + top) / 2;
    prevS = s;
    s = Math.min(hi, Math.max(lo + tol, Math.min(top - tol, next)));
    if (s >= top) return lo;
  }
  return lo;
}
/**
 * Four layouts: the LED board above the game (tall), the same with each player on two lines
 * (stack: a portrait panel, whose type the width would cap long before the height), the board
 * beside the game, or beside it and smaller (slim). The one with the biggest type wins; near
 * equal (less than 8 % larger), the one that suits the panel's shape, so the others are only asked
 * whether they fit at 8 % larger (one layout), and fitted only if they do. Each layout's last size
 * is where its next fit starts.
 */
function fit(p) {
  const el = p.el;
  // Zoomed in: first the fit to the panel's share of the screen, as at 100 % (below: then larger).
  el.style.minHeight = '';
  el.style.height = zoom > 1 ? cellH + 'px' : '';
  const W = el.clientWidth, H = el.clientHeight;
  if (!W || !H) return;
  // The LED board's size from the last fit (see below) is not one to fit with.
  const leds = p.q('.leds');
  leds.style.width = '';
  // The largest type tried: rows of one line need about 24 em across, two-line rows less.
  const hi = Math.max(6, Math.min(W / 24, H / 13)), hiStack = Math.max(6, Math.min(W / 12, H / 16));
  const ways = W < H ? ['stack', 'tall', 'wide', 'slim'] : W < H * 1.3 ? ['tall', 'wide', 'slim'] : ['wide', 'tall', 'slim'];
  const last = p.sizes || (p.sizes = {});
  let best = '', size = 0;
  for (const w of ways) {
    const top = w === 'stack' ? hiStack : hi, tol = (top - 4) / 1024;
    setWay(el, w);
    let f;
    if (!best) f = largest(p, 4, Infinity, Math.min(top, Math.max(4, last[w] || top)), top, tol);
    else {
      // Larger than the best by 8 %, or not chosen: one try at the line tells.
      const bar = size * 1.08 + tol / 2;
      if (bar >= top) continue;
      el.style.fontSize = bar + 'px';
      if (!fits(p)) continue;
      f = largest(p, bar, Infinity, Math.min(top, Math.max(bar + tol, last[w] || top)), top, tol);
    }
    last[w] = f;
    if (!best || f > size * 1.08) { best = w; size = f; }
  }
  setWay(el, best);
  el.style.fontSize = size + 'px';
  // Zoomed in (a low-vision guest's Ctrl +): the type the screen had at 100 % in CSS pixels, so zoom
  // times larger on the screen, where the panel's width allows it; the panel grows downwards and the
  // page scrolls. Fitted to the screen alone, zoom changed nothing: the type was as large as fitted.
  // With the height free, the layouts that give the rows the panel's whole width (the board above) may take larger type.
  if (zoom > 1) {
    el.style.height = '';
    el.style.minHeight = cellH + 'px';
    const want = size * zoom, tol = (want - 4) / 1024;
    let zb = '', zs = 0;
    for (const w of [best].concat(['stack', 'tall', 'wide', 'slim'].filter((x) => x !== best))) {
      setWay(el, w);
      const f = largest(p, 4, Infinity, want, want, tol);
      if (!zb || f > zs * 1.08) { zb = w; zs = f; }
    }
    setWay(el, zb);
    el.style.fontSize = zs + 'px';
    return;
  }
  // A tall panel with room to spare below (a portrait screen): the LED board takes it.
  if (best === 'tall' || best === 'stack') {
    const cs = getComputedStyle(el), room = el.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
    const spare = room - p.inner.scrollHeight, w = leds.getBoundingClientRect().width;
    if (spare > 8) {
      leds.style.width = Math.min(p.inner.clientWidth, w + (spare - 8) * 1.9) + 'px';
      if (!fits(p)) leds.style.width = '';
    }
  }
}

/**
 * Blinks as the page draws them. The board's frames come with each blink, so an LED that changed
 * four times with less than FAST_MS between changes blinks fast (2.5 Hz: a refusal, red, or a stuck
 * key in the self-test; firmware before it blinked at 4 Hz). A fast blink is never drawn blinking
 * (near or over WCAG 2.3.1's 3 flashes a second, a saturated red, and on a portrait screen a column
 * larger than the small safe area): such an LED is
 * drawn steady with a ring, "blinks", until its changes stop. Three quick changes are not enough:
 * a key pressed and let go redraws a column two or three times within ~200 ms (one flash and a
 * half, over at once), and ringing it told the table a blink that was not there.
 * Where the screen asks for reduced motion, any LED that goes on and off again and again is drawn
 * steady and ringed too: a 1 Hz blink, and the attract sweep (a yellow LED stepping along the dice
 * row every 300 ms: each LED of it changes four times in 2.4 s); held for a little longer than its
 * longest gap, so a sweep's LED stays steady between two passes.
 */
const FAST_MS = 350, LOOP_MS = 3000, HOLD_MARGIN_MS = 200;
const lessMotion = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
function noteFrame(p, frame, now) {
  // By LED: when it last changed (t1) and the two times before (t2, t3), its last lit colour,
  // until when it is held steady and whether as a fast blink; prev is the last frame.
  const b = p.blink || (p.blink = { prev: '', t1: [], t2: [], t3: [], col: [], until: [], fast: [] });
  if (!frame || frame === b.prev) return;
  const prev = b.prev;
  b.prev = frame;
  for (let j = 0; j < frame.length; j++) {
    const c = frame[j];
    if (c !== '.') b.col[j] = c;
    if (!prev || c === prev[j]) continue;
    const t1 = b.t1[j] || -1e9, t2 = b.t2[j] || -1e9, t3 = b.t3[j] || -1e9;
    // Three short gaps in a row: a blink. Not one (a frame held up by a busy host and the next on
    // time), nor two (a key's press and release).
    const fast = now - t1 < FAST_MS && t1 - t2 < FAST_MS && t2 - t3 < FAST_MS;
    if (fast) {
      b.fast[j] = true;
      b.until[j] = now + FAST_MS;
    } else if (now - t3 < LOOP_MS || b.until[j] > now) {
      // On and off again and again (for reduced motion only), or a change while held: held past
      // its longest gap (a sweep's LED coming on again is still the sweep: its ring must not go).
      b.fast[j] = false;
      b.until[j] = now + Math.max(now - t1, t1 - t2, t2 - t3) + HOLD_MARGIN_MS;
    }
    b.t3[j] = t2;
    b.t2[j] = t1;
    b.t1[j] = now;
  }
}
/** Whether LED j is a blink held steady at now: 0 no, else when its hold ends. */
function heldAt(p, j, now) {
  const b = p.blink;
  if (!b || !(b.until[j] > now) || !b.col[j]) return 0;
  return (b.fast[j] || (lessMotion && lessMotion.matches)) ? b.until[j] : 0;
}
function drawLeds(p, canvas, frame, w, h, now) {
  const g = canvas.getContext('2d');
  let lit = 0, held = 0;
  p.heldUntil = 0;
  const gap = 20, cell = (canvas.width - gap) / w;
  const ch = Math.round(cell * h);
  if (canvas.height !== ch) canvas.height = ch;
  g.fillStyle = '#05060a';
  g.fillRect(0, 0, canvas.width, canvas.height);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const j = y * w + x, until = heldAt(p, j, now);
    const ch = until ? p.blink.col[j] : frame ? frame[j] : '.';
    const cx = x * cell + cell / 2 + (x >= w / 2 ? gap : 0), cy = y * cell + cell / 2;
    g.beginPath();
    g.arc(cx, cy, cell * 0.38, 0, Math.PI * 2);
    const on = ch && ch !== '.';
    g.fillStyle = on ? PALETTE[ch] || '#444' : '#1b1e26';
    if (on) { g.shadowColor = g.fillStyle; g.shadowBlur = cell * 0.5; lit++; } else g.shadowBlur = 0;
    g.fill();
    if (until) {
      // The ring says "blinks" without blinking.
      g.shadowBlur = 0;
      g.beginPath();
      g.arc(cx, cy, cell * 0.47, 0, Math.PI * 2);
      g.lineWidth = cell * 0.07;
      g.strokeStyle = '#f2f2f2';
      g.stroke();
      held++;
      if (!p.heldUntil || until < p.heldUntil) p.heldUntil = until;
    }
  }
  g.shadowBlur = 0;
  const label = 'LED board: ' + lit + ' of ' + w * h + ' LEDs lit' + (held ? ', ' + held + ' blinking (shown steady, ringed)' : '');
  if (canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
  canvas.dataset.held = String(held);
}

function frusText(n) { return n <= 0 ? '' : n <= 3 ? '✖'.repeat(n) : '✖ ' + esc(n); }

function render() {
  if (!data) return;
  for (const t of data.tables) {
    const p = panelFor(t);
    const s = t.game, ui = t.ui, live = t.status === 'live';
    const setupMode = !!(ui && ui.m === 'setup');
    p.live = live;
    p.el.classList.toggle('live', live);
    p.el.dataset.status = t.status;
    p.el.dataset.phase = s ? s.phase : '';
    p.el.dataset.n = s ? String(s.n) : '';
    p.el.dataset.seq = String(t.seq);
    // A table without a label is named by its port's short end (the page's header has no room for a path).
    setText(p.q('.label'), t.name || t.label);
    p.q('.label').title = t.label;
    const st = p.q('.status');
    setText(st, STATUS[t.status] || t.status);
    st.className = 'status ' + t.status;
    setText(p.q('.fw'), t.hello ? 'firmware ' + t.hello.fw + ' · ' + t.hello.board : '');
    const banner = p.q('.banner');
    // Since when the table is not live, on this screen's clock from the host's "for how long"; kept
    // while it agrees within 2 s, so the words do not change (and the panel is not fitted again) with every update.
    const downAt = live ? 0 : Date.now() - (t.downFor || 0);
    if (!downAt || !p.downAt || Math.abs(downAt - p.downAt) > 2000) p.downAt = downAt;
    p.el.dataset.downSince = p.downAt ? String(Math.round(p.downAt)) : '';
    // auto (any Espruino board on USB) is no port to name.
    const bannerText = live ? '' : (DOWN_BANNER[t.status] || '').replace('at PORT', t.port === 'auto' ? 'on USB' : 'at ' + t.port).replace('PORT', t.port).replace('SINCE', sinceText(p.downAt));
    banner.className = 'banner' + (bannerText ? ' on' : '');
    setText(banner, bannerText);
    // Staff at the table (menu opened with OK + BACK held): the menu's keys with the settings now
    // and how to leave it, as the terminal shows them; or the self-test (K5) and how to leave that.
    const staff = !!(live && t.staff);
    p.el.classList.toggle('staff-mode', staff);
    const sf = staff ? t.staff : null;
    // Built again only when it changed (updates come with every LED frame).
    const staffHtml = !sf ? ''
      : '<div class="stitle">' + esc(sf.selfTest ? sf.selfTestText[0] : 'Staff menu open: the buttons work the menu') + '</div><div class="skeys">'
        + (sf.selfTest
          ? sf.selfTestText.slice(1).map((l) => '<div class="sline">' + esc(l) + '</div>').join('')
          : sf.keys.map((k) => '<div class="sk"><span class="key">' + esc(k.key) + '</span>' + esc(k.what) + (k.now ? ': <span class="now">' + esc(k.now) + '</span>' : '') + '</div>').join(''))
        + '</div><div class="snote">' + esc(sf.pause || '') + '</div>';
    setHtml(p.q('.staff'), staffHtml);
    noteFrame(p, t.frame, recvAt);
    // The table whose LEDs are drawn, for tick to draw them again when a held blink ends.
    p.ledsOf = t;
    drawLeds(p, p.q('canvas'), t.frame, t.width, t.height, performance.now());
    // The attract screen only where no game is going on: no game (the set-up nobody is making:
    // after power-up or a cleared game, the usual state of a café table), or a finished one. A
    // game in progress keeps its screen; a press ends idleness, so a set-up shows as it is made.
    const attract = t.idle && live && !staff && (!s || setupMode || s.phase === 'game_over');
    p.el.classList.toggle('idle', !!attract);
    setText(p.q('.attract .sub'), s && !setupMode ? 'Long OK: rematch · long BACK: new set-up' : 'Press your seat button to join, then OK');
    setText(p.q('.attract .small'), t.name || t.label);
    p.el.classList.toggle('setup-mode', setupMode);
    const turn = p.q('.turn');
    turn.classList.toggle('bad', !live);
    const players = p.q('.players');
    if (!live) setText(turn, DOWN_TURN[t.status] || t.status);
    else if (setupMode) setText(turn, 'New game: set-up');
    else if (!s) setText(turn, t.synced ? 'No game yet' : 'Waiting for the board…');
    else if (s.phase === 'game_over') setHtml(turn, 'Game over: <span class="who">' + esc(s.winners.map((i) => s.players[i].name).join(' & ')) + '</span> ' + (s.winners.length > 1 ? 'win' : 'wins'));
    // The host's words for the phase when it has them (the marker step: takes, steals, or both), else the page's own.
    else setHtml(turn, '<span class="who">' + esc(s.players[s.active] ? s.players[s.active].name : '') + '</span> ' + esc(s.doing || PHASE[s.phase] || s.phase));
    // What the table should do now, in the host's words; while a countdown runs, in its box.
    const counting = !!(s && ui && ui.left > 0 && (s.phase === 'reroll_window' || s.phase === 'await_marker_choice'));
    setHtml(p.q('.prompt'), counting ? '' : lines(t.prompt));
    p.prompt = counting ? (t.prompt || []) : [];
    // The host's lines without the seconds: the box counts them down beside the words.
    setHtml(p.q('.window .lines'), lines(p.prompt));
    p.cd = '';
    // A refusal shows for the time the host gives it (refusalLeft), counted here: no update need come.
    setText(p.q('.refusal'), t.refusal || '');
    p.refusalUntil = t.refusal ? recvAt + (t.refusalLeft || 0) : 0;
    setText(p.q('.options'), s && !setupMode ? t.options || '' : '');
    // At game over the LED board shows the standings, not the game: said under it, for a guest who walks up then.
    setText(p.q('.legend'), s && !setupMode && s.phase === 'game_over' ? OVER_LEGEND : '');
    const setup = p.q('.setup');
    if (setupMode) {
      const su = t.setup;
      const seats = su ? su.in.map((on, i) => '<span class="seat' + (on ? ' in' : '') + (on && su.start === i ? ' start' : '') + '">Seat ' + (i + 1) + (on && su.start === i ? ' ★' : '') + '</span>').join('') : '';
      setHtml(setup, '<div class="title">PECHVOGEL</div><div class="line first">Press your seat button to join, then OK</div>'
        + (seats ? '<div class="seats">' + seats + '</div>' : '')
        + (t.setupText || []).slice(1).map((l) => '<div class="line">' + esc(l) + '</div>').join(''));
    } else setHtml(setup, '');
    if (!s || setupMode) {
      setText(p.q('.detail'), '');
      setHtml(players, '');
      setHtml(p.q('.middle'), '');
    } else {
      const T = s.turn;
      let d = '';
      if (T.target !== null) d += 'Target ' + T.target + ' · on the board: ' + T.targets + ' × ' + T.target + ', ' + T.ravens + ' raven' + (T.ravens === 1 ? '' : 's');
      if (T.frustraters.length) d += ' · frustrations on the board: ' + T.frustraters.length;
      if (ui && ui.e && ui.e.length) d += (d ? ' · ' : '') + 'entering ' + ui.e.join(' ') + (ui.c ? ' (correction)' : '');
      setText(p.q('.detail'), d);
      const over = s.phase === 'game_over';
      const order = s.players.map((_, i) => i);
      // At the end: the standings, best first.
      if (over && s.scores) order.sort((a, b) => s.scores[b] - s.scores[a] || a - b);
      setHtml(players, order.map((i, k) => {
        const pl = s.players[i];
        const win = !!(s.winners && s.winners.indexOf(i) >= 0);
        const cls = 'player' + (i === s.active && !over ? ' active' : '') + (win ? ' winner' : '');
        const rank = over && s.scores ? (order.findIndex((j) => s.scores[j] === s.scores[i]) + 1) + '.' : '';
        const tags = (s.murphy === i ? '<span class="tag">Murphy</span>' : '') + (ui && ui.v && ui.v.indexOf(i) >= 0 && !over ? '<span class="tag vote">frustrates</span>' : '');
        return '<li class="' + cls + '" data-seat="' + i + '"' + (i === s.active && !over ? ' aria-current="true"' : '') + '><span class="rank">' + rank + '</span><span class="name" title="' + esc(pl.name) + '">' + esc(pl.name) + '</span>'
          // Named for a screen reader: the bare values read "Ben 3 5 7 15 pts", one number among others.
          + '<span class="markers"' + (pl.markers.length ? ' role="img" aria-label="' + (pl.markers.length === 1 ? 'marker ' : 'markers ') + pl.markers.map(esc).join(', ') + '"' : '') + '>' + pl.markers.map(marker).join('') + '</span>'
          + '<span class="frus" title="frustrations"' + (pl.frustrations > 0 ? ' role="img" aria-label="' + esc(pl.frustrations) + (pl.frustrations === 1 ? ' frustration' : ' frustrations') + '"' : '') + '>' + frusText(pl.frustrations) + '</span>'
          + '<span class="tags">' + tags + '</span><span class="score">' + (s.scores ? scoreText(s.scores[i]) : '') + '</span></li>';
      }).join(''));
      const mid = counts(s.middle), box = counts(s.box);
      setHtml(p.q('.middle'), '<span class="grp">' + (mid ? '<span>Middle</span>' + mid : '<span>Middle: empty</span>') + '</span>'
        + (box ? '<span class="grp"><span>Box</span>' + box + '</span>' : '')
        + (s.murphy < 0 ? '<span class="grp">Murphy beside the board</span>' : '')
        // What the red crosses are, for an audience that does not play; at the end too, where they
        // have cost their points (a guest walking up then saw standings without a key).
        + (s.players.some((pl) => pl.frustrations > 0) ? '<span class="grp">' + (over ? '✖ a frustration: −3 points (−7 with Murphy)' : '✖ a frustration: −3 points at the end') + '</span>' : ''));
    }
    setText(p.q('.notes'), t.last || '');
    // For a screen reader: what just happened and what the table should do now, said again only when the words change.
    // At the end the headline says "Game over" already: the prompt's own "Game over:" was read twice.
    const head = p.q('.turn').textContent;
    const said = (counting ? p.prompt : t.prompt || []).map((l) => l.trim()).map((l, i) => (i === 0 && /^Game over/.test(head) ? l.replace(/^Game over: (.)/, (m, c) => c.toUpperCase()) : l));
    // What just happened first (a steal, Murphy changing hands): a blind player otherwise learnt of it
    // only by reading through the standings.
    const say = sentences([bannerText, t.last || '', head, sentences(said), t.refusal || '']);
    setText(p.q('.say'), say);
    const deadline = counting ? recvAt + ui.left : 0;
    if (deadline && !p.deadline) p.span = Math.max(ui.left, 1);
    p.deadline = deadline;
    // Fitting costs layouts: only when what is shown changed (LED frames come often), not when the
    // fit itself changed the panel's layout (tall, stack, slim).
    const sig = p.el.className.replace(/ (tall|stack|slim)\\b/g, '') + '|' + p.q('.head').textContent + '|' + p.q('.banner').textContent + '|' + p.q('.staff').textContent + '|' + p.q('.options').textContent + '|' + p.q('.legend').textContent + '|' + p.q('.game').textContent + '|' + p.prompt.join('|') + '|' + p.q('.notes').textContent;
    if (sig !== p.sig) { p.sig = sig; p.sized = false; }
  }
  for (const id of Object.keys(panels)) if (!data.tables.some((t) => t.id === id)) { panels[id].el.remove(); delete panels[id]; layout(); }
  tick();
  document.body.dataset.updates = String(++updates);
}

/**
 * When the page lost the host, in the page's locale: the time, and its date too when that was not
 * today ("Tue, Mar 3, 6:23:37 AM"; after a night a time alone could be this morning or yesterday's).
 */
function sinceText(ms) {
  const d = new Date(ms), now = new Date();
  if (d.toDateString() === now.toDateString()) return d.toLocaleTimeString();
  const o = { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', second: '2-digit' };
  if (d.getFullYear() !== now.getFullYear()) o.year = 'numeric';
  return d.toLocaleString(undefined, o);
}

/**
 * The countdown's time left: the last minute in tenths of a second, as it always was; longer, as a
 * clock shows it, rounded up ("9:53", a 10-minute window starts at "10:00"): "592.6 s" (a window
 * set to minutes) had to be worked out from across the room.
 */
function countText(ms) {
  if (ms <= 60000) return (ms / 1000).toFixed(1) + ' s';
  const s = Math.ceil(ms / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

/**
 * The countdown's words and its bar's width, left of span ms. The bar shrinks smoothly; where
 * the screen asks for reduced motion it steps down a tenth at a time, and the count goes by whole
 * seconds (rounded up) instead of tenths: the same time left, nothing sliding or spinning.
 */
function countdownView(left, span) {
  const part = Math.min(1, left / span);
  if (lessMotion && lessMotion.matches) {
    return { text: left <= 60000 ? Math.ceil(left / 1000) + ' s' : countText(left), width: Math.ceil(part * 10) * 10 + '%' };
  }
  return { text: countText(left), width: part * 100 + '%' };
}

/** Without updates for this long the feed is taken as dead and opened again. */
const STALE_MS = 12000;
function tick() {
  const now = performance.now();
  const offline = linkDown || now - recvAt > STALE_MS;
  // Since the last update that came (when the host was last known alive), not since this noticed:
  // a quiet feed is noticed 12 s late.
  if (offline && !downSince) downSince = recvWall;
  if (!offline) downSince = 0;
  document.body.classList.toggle('offline', offline);
  document.body.dataset.link = offline ? 'down' : 'up';
  const line = document.getElementById('offline');
  const lineText = offline ? 'No connection to the dicetray host since ' + sinceText(downSince) + '. The games go on at the tables; this screen catches up when the host is back.' : line.textContent;
  // Longer (the date, after midnight), the line may take another row from the tables: fitted again.
  if (lineText !== line.textContent) { line.textContent = lineText; for (const id of Object.keys(panels)) panels[id].sized = false; }
  // The zoom as the window reports it now: a window still opening may not have said it when the
  // panels were laid out, and no resize comes after.
  if (zoomOf() !== zoom) { layout(); for (const id of Object.keys(panels)) panels[id].sized = false; }
  // A feed that went quiet without an error (a dead network path): start it again.
  if (es && now - recvAt > STALE_MS && now - openedAt > STALE_MS) reopen(0);
  for (const id of Object.keys(panels)) {
    const p = panels[id];
    // What the host last said about the board is stale too (render() sets it again on the next update).
    if (offline) { p.q('.status').textContent = 'host lost'; p.q('.status').className = 'status lost'; }
    // Not live, or offline: the countdown and the prompts would run on stale data, so they go.
    const down = offline || !p.live;
    const open = !!p.deadline && !down;
    if (down !== p.down || open !== p.wopen) { p.el.classList.toggle('down', down); p.el.dataset.down = down ? '1' : ''; p.down = down; p.wopen = open; p.sized = false; }
    const refusal = p.refusalUntil > now;
    if (refusal !== p.refShown) { p.q('.refusal').className = 'refusal' + (refusal ? ' on' : ''); p.refShown = refusal; p.sized = false; }
    const w = p.q('.window');
    w.className = 'window' + (open ? ' open' : '');
    if (open) {
      const v = countdownView(Math.max(0, p.deadline - now), p.span);
      if (v.text !== p.cd) {
        p.cd = v.text;
        p.q('.window .count').textContent = v.text;
      }
      const bar = p.q('.window .bar');
      if (bar.style.width !== v.width) bar.style.width = v.width;
    }
    // A blink held steady ends without a new frame (the last change came): drawn as the frame says.
    if (p.heldUntil && now >= p.heldUntil && p.ledsOf) drawLeds(p, p.q('canvas'), p.ledsOf.frame, p.ledsOf.width, p.ledsOf.height, now);
    if (!p.sized) { fit(p); p.sized = true; }
  }
}
window.addEventListener('resize', () => { layout(); for (const id of Object.keys(panels)) panels[id].sized = false; tick(); });
// The screen's settings changed (forced colours frame the alarms, which takes room; less motion holds blinks): fitted and drawn again.
for (const q of ['(forced-colors: active)', '(prefers-reduced-motion: reduce)']) {
  const m = window.matchMedia ? window.matchMedia(q) : null;
  if (m && m.addEventListener) m.addEventListener('change', () => { for (const id of Object.keys(panels)) panels[id].sized = false; render(); });
}

function accept(text) {
  data = JSON.parse(text);
  recvAt = performance.now();
  recvWall = Date.now();
  linkDown = false;
  render();
}

// Exactly one feed at a time: every (re)open goes through listen(), which closes the one before,
// and at most one reopen is ever pending.
let es = null, openedAt = 0, reopenTimer = 0;
function reopen(ms) {
  if (es) { es.close(); es = null; }
  clearTimeout(reopenTimer);
  reopenTimer = setTimeout(listen, ms);
}
function listen() {
  clearTimeout(reopenTimer);
  reopenTimer = 0;
  if (!window.EventSource) return poll();
  if (es) es.close();
  const me = es = new EventSource('events');
  openedAt = performance.now();
  me.onmessage = (e) => { if (es === me) accept(e.data); };
  me.onerror = () => {
    if (es !== me) { me.close(); return; }
    linkDown = true;
    // The browser retries by itself unless the answer was no event stream at all: then we do.
    if (me.readyState === 2) reopen(2000);
    tick();
  };
}
function poll() {
  fetch('state.json').then((r) => r.text()).then(accept).catch(() => { linkDown = true; }).finally(() => setTimeout(poll, 1000));
}
setInterval(tick, 100);
listen();
</script>
</body>
</html>
`;
}
