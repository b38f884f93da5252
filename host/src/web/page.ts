/**
 * The big-screen page: one panel per table with the LED board, players, markers, frustrations,
 * Murphy, whose turn, the open reroll window with its countdown, and an attract screen when a
 * table is idle. Read-only: it only listens to /events (server-sent events, /state.json as the
 * fallback) and has no way to send anything to a board.
 */
import { PALETTE_LETTERS, PALETTE_RGB } from '../../../firmware/src/leds/frame';

const PHASE_TEXT: Record<string, string> = {
  await_first_throw: 'first throw: all 7 dice',
  await_target: 'chooses the target',
  await_throw: 'throws',
  reroll_window: 'threw: reroll window open',
  await_reroll: 'rerolls',
  await_marker_choice: 'takes or steals a marker',
  game_over: 'game over',
};

export function pageHtml(title = 'dicetray'): string {
  const palette: Record<string, string> = {};
  for (let i = 0; i < PALETTE_LETTERS.length; i++) palette[PALETTE_LETTERS[i]] = `rgb(${PALETTE_RGB[i].join(',')})`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<&>"]/g, '')}</title>
<style>
  :root { --bg:#0d0f14; --panel:#161a22; --fg:#f2f2f2; --dim:#8a93a6; --accent:#ffb400; --bad:#ff5a4f; --good:#4fd27a; }
  * { box-sizing: border-box; }
  html, body { margin:0; height:100%; background:var(--bg); color:var(--fg); font-family: "DejaVu Sans", system-ui, sans-serif; }
  #tables { display:grid; gap:1vmin; padding:1vmin; height:100vh; grid-template-columns: repeat(auto-fit, minmax(min(100%, 40rem), 1fr)); grid-auto-rows: 1fr; }
  .panel { position:relative; background:var(--panel); border-radius:1.2vmin; padding:2cqw 2.4cqw; container-type:inline-size; overflow:hidden; display:flex; flex-direction:column; gap:1.5cqw; }
  .head { display:flex; align-items:baseline; gap:2cqw; font-size:3cqw; color:var(--dim); }
  .head .label { color:var(--fg); font-weight:700; font-size:4.2cqw; }
  .status { padding:0.2em 0.6em; border-radius:1em; font-size:2.6cqw; background:#2a2f3a; }
  .status.live { background:#1d3a27; color:var(--good); }
  .status.lost, .status.mismatch, .status.silent { background:#3d1d1d; color:var(--bad); }
  .body { display:flex; gap:3cqw; flex:1; min-height:0; }
  .leds { flex:0 0 46%; align-self:flex-start; }
  .leds canvas { width:100%; height:auto; display:block; background:#05060a; border-radius:1cqw; }
  .game { flex:1; display:flex; flex-direction:column; gap:1.2cqw; min-width:0; }
  .turn { font-size:5cqw; font-weight:700; line-height:1.15; }
  .turn .who { color:var(--accent); }
  .detail { font-size:3cqw; color:var(--dim); }
  .players { list-style:none; margin:0; padding:0; display:flex; flex-direction:column; gap:0.8cqw; }
  .player { display:flex; align-items:center; gap:1.6cqw; font-size:3.6cqw; padding:0.4cqw 1cqw; border-radius:1cqw; }
  .player.active { background:#2b2416; outline:0.3cqw solid var(--accent); }
  .player .name { font-weight:700; min-width:12cqw; overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
  .markers { display:flex; gap:0.6cqw; flex-wrap:wrap; }
  .marker { display:inline-block; min-width:1.6em; text-align:center; border-radius:0.4em; background:#e8e0c8; color:#111; font-weight:700; font-size:0.8em; padding:0 0.2em; }
  .frus { color:var(--bad); font-weight:700; }
  .murphy { background:var(--bad); color:#fff; border-radius:0.4em; padding:0 0.4em; font-size:0.75em; font-weight:700; }
  .score { margin-left:auto; font-weight:700; }
  .winner { color:var(--accent); }
  .middle { font-size:3cqw; color:var(--dim); display:flex; gap:0.6cqw 2.2cqw; align-items:center; flex-wrap:wrap; }
  .middle .mid { white-space:nowrap; }
  .window { display:none; font-size:4.4cqw; font-weight:700; color:#111; background:var(--accent); border-radius:1cqw; padding:1cqw 1.6cqw; position:relative; overflow:hidden; }
  .window.open { display:block; }
  .window .bar { position:absolute; left:0; bottom:0; height:0.8cqw; background:#111; opacity:0.5; }
  .notes { font-size:2.4cqw; color:var(--dim); margin-top:auto; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
  .attract { position:absolute; inset:0; display:none; flex-direction:column; align-items:center; justify-content:center; gap:2cqw; background:rgba(13,15,20,0.86); text-align:center; }
  .panel.idle .attract { display:flex; }
  .attract .title { font-size:11cqw; font-weight:800; letter-spacing:0.04em; color:var(--accent); animation: pulse 2.4s ease-in-out infinite; }
  .attract .sub { font-size:4.4cqw; }
  .attract .small { font-size:2.8cqw; color:var(--dim); }
  @keyframes pulse { 0%,100% { opacity:1; transform:scale(1); } 50% { opacity:0.75; transform:scale(0.97); } }
  .banner { display:none; font-size:3.4cqw; color:#fff; background:var(--bad); border-radius:1cqw; padding:0.6cqw 1.4cqw; }
  .banner.on { display:block; }
  .banner.staff { background:#1f5f6b; }
  #offline { display:none; position:fixed; left:0; right:0; top:0; z-index:10; padding:1.2vmin 2vmin; background:var(--bad); color:#fff; font-size:2.6vmin; font-weight:700; text-align:center; }
  body.offline #offline { display:block; }
  body.offline #tables { opacity:0.35; }
  #empty { font-size:4vw; color:var(--dim); padding:4vw; }
</style>
</head>
<body>
<div id="offline"></div>
<div id="tables"><div id="empty">Waiting for the mirror…</div></div>
<script>
"use strict";
const PALETTE = ${JSON.stringify(palette)};
const PHASE = ${JSON.stringify(PHASE_TEXT)};
const panels = {};
// recvAt: when the last update came (the server sends one at least every 5 s); linkDown: the feed
// reported an error. Either way the screen says it is not live instead of showing a frozen game.
let data = null, recvAt = performance.now(), updates = 0, linkDown = false, es = null, downSince = 0;

function esc(s) { return String(s).replace(/[&<>"']/g, (c) => ({ '&':'&amp;', '<':'&lt;', '>':'&gt;', '"':'&quot;', "'":'&#39;' })[c]); }

function panelFor(t) {
  let p = panels[t.id];
  if (p) return p;
  const el = document.createElement('section');
  el.className = 'panel';
  el.dataset.table = t.id;
  el.innerHTML = '<div class="head"><span class="label"></span><span class="status"></span><span class="fw"></span></div>'
    + '<div class="banner"></div>'
    + '<div class="body"><div class="leds"><canvas width="680" height="340"></canvas></div>'
    + '<div class="game"><div class="turn"></div><div class="detail"></div><div class="window"><span class="text"></span><div class="bar"></div></div>'
    + '<ul class="players"></ul><div class="middle"></div></div></div>'
    + '<div class="notes"></div>'
    + '<div class="attract"><div class="title">PECHVOGEL</div><div class="sub">Press your seat button to join, then OK</div><div class="small"></div></div>';
  document.getElementById('tables').appendChild(el);
  const empty = document.getElementById('empty');
  if (empty) empty.remove();
  p = { el, q: (s) => el.querySelector(s) };
  panels[t.id] = p;
  return p;
}

function drawLeds(canvas, frame, w, h, blinkOn) {
  const g = canvas.getContext('2d');
  const gap = 20, cell = (canvas.width - gap) / w;
  canvas.height = Math.round(cell * h);
  g.fillStyle = '#05060a';
  g.fillRect(0, 0, canvas.width, canvas.height);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const ch = frame ? frame[y * w + x] : '.';
    const cx = x * cell + cell / 2 + (x >= w / 2 ? gap : 0), cy = y * cell + cell / 2;
    g.beginPath();
    g.arc(cx, cy, cell * 0.38, 0, Math.PI * 2);
    const lit = ch && ch !== '.';
    g.fillStyle = lit ? PALETTE[ch] || '#444' : '#1b1e26';
    if (lit) { g.shadowColor = g.fillStyle; g.shadowBlur = cell * 0.5; } else g.shadowBlur = 0;
    g.fill();
  }
  g.shadowBlur = 0;
}

function render() {
  if (!data) return;
  for (const t of data.tables) {
    const p = panelFor(t);
    const s = t.game, ui = t.ui;
    p.el.dataset.status = t.status;
    p.el.dataset.phase = s ? s.phase : '';
    p.el.dataset.n = s ? String(s.n) : '';
    p.el.dataset.seq = String(t.seq);
    p.q('.label').textContent = t.label;
    const st = p.q('.status');
    st.textContent = { live: 'live', lost: 'reconnecting…', connecting: 'connecting…', handshake: 'connecting…', silent: 'no answer', mismatch: 'protocol mismatch', stopped: 'stopped' }[t.status] || t.status;
    st.className = 'status ' + t.status;
    p.q('.fw').textContent = t.hello ? 'firmware ' + t.hello.fw + ' · ' + t.hello.board : t.port;
    const banner = p.q('.banner');
    const bad = t.status === 'lost' || t.status === 'mismatch' || t.status === 'silent';
    // Staff at the table (menu opened with OK + BACK held): say so; the buttons work the menu meanwhile.
    const staff = !bad && t.status === 'live' && ui && ui.m === 'staff';
    banner.className = 'banner' + (bad || staff ? ' on' : '') + (staff ? ' staff' : '');
    banner.textContent = t.status === 'lost' ? 'Connection lost. Reconnecting; the game continues on the board.'
      : t.status === 'mismatch' ? 'This board runs a different protocol version. Flash it with dicetray flash.'
      : t.status === 'silent' ? 'The board does not answer.'
      : staff ? 'Staff menu open: the buttons work the menu until staff leave it.' : '';
    drawLeds(p.q('canvas'), t.frame, t.width, t.height);
    const idle = !s || (ui && ui.m === 'setup') || t.idle;
    p.el.classList.toggle('idle', !!idle && t.status === 'live');
    p.q('.attract .small').textContent = s && ui && ui.m === 'setup' ? 'A new game is being set up' : t.label;
    const players = p.q('.players');
    if (!s) {
      p.q('.turn').textContent = t.synced ? 'No game yet' : 'Waiting for the board…';
      p.q('.detail').textContent = '';
      players.innerHTML = '';
      p.q('.middle').innerHTML = '';
    } else {
      const who = s.players[s.active] ? s.players[s.active].name : '';
      p.q('.turn').innerHTML = s.phase === 'game_over'
        ? 'Game over: <span class="who">' + esc(s.winners.map((i) => s.players[i].name).join(' & ')) + '</span> ' + (s.winners.length > 1 ? 'win' : 'wins')
        : '<span class="who">' + esc(who) + '</span> ' + esc(PHASE[s.phase] || s.phase);
      const T = s.turn;
      let d = '';
      if (T.target !== null) d += 'Target ' + T.target + ' · on the board: ' + T.targets + ' × ' + T.target + ', ' + T.ravens + ' raven' + (T.ravens === 1 ? '' : 's');
      if (T.frustraters.length) d += ' · frustrations on the board: ' + T.frustraters.length;
      if (ui && ui.e && ui.e.length) d += (d ? ' · ' : '') + 'entering ' + ui.e.join(' ') + (ui.c ? ' (correction)' : '');
      else if (ui && ui.c) d += (d ? ' · ' : '') + 'correcting the last throw';
      if (ui && ui.err) d += (d ? ' · ' : '') + 'refused: ' + ui.err;
      if (ui && s.phase === 'await_marker_choice' && ui.left > 0) d += (d ? ' · ' : '') + 'the only marker choice is made in a moment (BACK corrects the throw)';
      p.q('.detail').textContent = d;
      players.innerHTML = s.players.map((pl, i) => {
        const cls = 'player' + (i === s.active && s.phase !== 'game_over' ? ' active' : '') + (s.winners && s.winners.indexOf(i) >= 0 ? ' winner' : '');
        const marks = pl.markers.map((m) => '<span class="marker">' + m + '</span>').join('');
        const score = s.scores ? '<span class="score">' + s.scores[i] + '</span>' : '';
        const voted = ui && ui.v && ui.v.indexOf(i) >= 0 ? ' <span class="murphy" style="background:#6a4cff">frustrates</span>' : '';
        return '<li class="' + cls + '" data-seat="' + i + '"><span class="name">' + esc(pl.name) + '</span><span class="markers">' + marks + '</span>'
          + '<span class="frus" title="frustrations">' + '✖'.repeat(Math.min(pl.frustrations, 12)) + (pl.frustrations ? ' ' + pl.frustrations : '') + '</span>'
          + (s.murphy === i ? ' <span class="murphy">Murphy</span>' : '') + voted + score + '</li>';
      }).join('');
      p.q('.middle').innerHTML = '<span>Middle</span>' + s.middle.map((c, i) => c ? '<span class="mid"><span class="marker">' + (i + 3) + '</span> ×' + c + '</span>' : '').filter(Boolean).join('')
        + (s.murphy < 0 ? '<span>Murphy beside the board</span>' : '');
    }
    const lines = t.recent || [];
    p.q('.notes').textContent = lines.length ? lines[lines.length - 1] : '';
    const deadline = ui && s && s.phase === 'reroll_window' && ui.left > 0 ? recvAt + ui.left : 0;
    if (deadline && !p.deadline) p.span = Math.max(ui.left, 1);
    p.deadline = deadline;
    p.votes = ui && ui.v && s ? ui.v.map((i) => s.players[i] ? s.players[i].name : '?') : [];
  }
  for (const id of Object.keys(panels)) if (!data.tables.some((t) => t.id === id)) { panels[id].el.remove(); delete panels[id]; }
  tick();
  document.body.dataset.updates = String(++updates);
}

/** Without updates for this long the feed is taken as dead and opened again. */
const STALE_MS = 12000;
function tick() {
  const now = performance.now();
  const offline = linkDown || now - recvAt > STALE_MS;
  if (offline && !downSince) downSince = Date.now();
  if (!offline) downSince = 0;
  document.body.classList.toggle('offline', offline);
  document.body.dataset.link = offline ? 'down' : 'up';
  if (offline) document.getElementById('offline').textContent = 'No connection to the dicetray host since ' + new Date(downSince).toLocaleTimeString()
    + '. The games go on at the tables; this screen catches up when the host is back.';
  // A feed that went quiet without an error (a dead network path): start it again.
  if (es && now - recvAt > STALE_MS && now - openedAt > STALE_MS) { es.close(); es = null; listen(); }
  for (const id of Object.keys(panels)) {
    const p = panels[id];
    const w = p.q('.window');
    // What the host last said about the board is stale too (render() sets it again on the next update).
    if (offline) { p.q('.status').textContent = 'unknown'; p.q('.status').className = 'status lost'; }
    // Offline, the countdown would run on stale data: it is hidden until the feed is back.
    const open = p.deadline && !offline;
    const left = open ? Math.max(0, p.deadline - now) : 0;
    w.className = 'window' + (open ? ' open' : '');
    if (open) {
      p.q('.window .text').textContent = 'Frustrate? ' + (left / 1000).toFixed(1) + ' s' + (p.votes.length ? ' · ' + p.votes.join(', ') : ' · press your seat button');
      p.q('.window .bar').style.width = Math.min(100, (100 * left) / p.span) + '%';
    }
  }
}

function accept(text) {
  data = JSON.parse(text);
  recvAt = performance.now();
  linkDown = false;
  render();
}

let openedAt = 0;
function listen() {
  if (!window.EventSource) return poll();
  const me = es = new EventSource('events');
  openedAt = performance.now();
  es.onmessage = (e) => accept(e.data);
  es.onerror = () => {
    if (es !== me) return;
    linkDown = true;
    tick();
    // The browser retries by itself unless the answer was no event stream at all: then we do.
    if (me.readyState === 2) { me.close(); es = null; setTimeout(listen, 2000); }
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
