/**
 * Every visible text on a page whose colour against what lies behind it is below a WCAG contrast
 * ratio: "text (ratio: colour on background)" for each, [] when all of it reads.
 */
import type { Page } from 'playwright-core';

export function lowContrastText(page: Page, min = 4.5): Promise<string[]> {
  return page.evaluate((min) => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const m = c.match(/[\d.]+/g) || ['0', '0', '0', '0'];
      return [Number(m[0]), Number(m[1]), Number(m[2]), m.length > 3 ? Number(m[3]) : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1];
    };
    const lum = (c: Rgba) => {
      const f = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
    };
    const hex = (c: Rgba) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
    /** What lies behind an element: the backgrounds of it and its ancestors, laid over each other. */
    const behind = (el: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let c: Rgba = [255, 255, 255, 1];
      for (let i = layers.length - 1; i >= 0; i--) c = over(layers[i], c);
      return c;
    };
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !(n.textContent || '').trim() || el.closest('script, style')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      if (!Array.from(range.getClientRects()).some((r) => r.width > 0 && r.height > 0)) continue;
      if (getComputedStyle(el).visibility !== 'visible') continue;
      // Dimmed on purpose (a lost board's stale game, opacity 0.35) is meant not to read as live.
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      if (opacity < 0.5) continue;
      const bg = behind(el);
      const fg = over(parse(getComputedStyle(el).color), bg);
      const shown = over([fg[0], fg[1], fg[2], opacity], bg);
      const [a, b] = [lum(shown), lum(bg)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < min) out.push(`${(n.textContent || '').trim().slice(0, 40)} (${ratio.toFixed(2)}: ${hex(shown)} on ${hex(bg)})`);
    }
    return out;
  }, min);
}
