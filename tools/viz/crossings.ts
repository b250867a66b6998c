/**
 * How many times one arrow crosses another in a diagram laid out by ELK, read from the SVG file: the arrows are the
 * paths of mermaid's `edgePaths` group (one coordinate system), made of straight lines (M, L) and cubic curves (C),
 * each curve followed in 8 straight steps. Two arrows cross where their steps intersect away from their ends (arrows
 * leaving or entering the same box meet there without crossing); crossings closer than 8 px count once.
 */
interface P {
  x: number;
  y: number;
}

/** The arrows of the SVG as lists of points. */
export function arrowsOf(svg: string): P[][] {
  const group = /<g class="edges edgePaths">([\s\S]*?)<\/g>/.exec(svg)?.[1] ?? '';
  const out: P[][] = [];
  for (const m of group.matchAll(/<path\b[^>]*\bd="([^"]+)"/g)) {
    const pts: P[] = [];
    for (const c of m[1].matchAll(/([MLC])([^MLC]*)/g)) {
      const n = (c[2].match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
      if (c[1] === 'C') {
        for (let i = 0; i + 5 < n.length; i += 6) {
          const p0 = pts[pts.length - 1] ?? { x: n[i], y: n[i + 1] };
          const [x1, y1, x2, y2, x, y] = n.slice(i, i + 6);
          for (let k = 1; k <= 8; k++) {
            const t = k / 8;
            const u = 1 - t;
            pts.push({
              x: u * u * u * p0.x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x,
              y: u * u * u * p0.y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y,
            });
          }
        }
      } else for (let i = 0; i + 1 < n.length; i += 2) pts.push({ x: n[i], y: n[i + 1] });
    }
    if (pts.length > 1) out.push(pts);
  }
  return out;
}

function cross(a: P, b: P, c: P, d: P): P | undefined {
  const den = (b.x - a.x) * (d.y - c.y) - (b.y - a.y) * (d.x - c.x);
  if (den === 0) return undefined;
  const t = ((c.x - a.x) * (d.y - c.y) - (c.y - a.y) * (d.x - c.x)) / den;
  const u = ((c.x - a.x) * (b.y - a.y) - (c.y - a.y) * (b.x - a.x)) / den;
  return t > 0 && t < 1 && u > 0 && u < 1 ? { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) } : undefined;
}

const near = (p: P, q: P, d: number) => Math.abs(p.x - q.x) < d && Math.abs(p.y - q.y) < d;

export function countCrossings(svg: string): number {
  const arrows = arrowsOf(svg);
  const found: P[] = [];
  arrows.forEach((e, i) => {
    for (const f of arrows.slice(i + 1)) {
      const ends = [e[0], e[e.length - 1], f[0], f[f.length - 1]];
      for (let a = 1; a < e.length; a++)
        for (let b = 1; b < f.length; b++) {
          const x = cross(e[a - 1], e[a], f[b - 1], f[b]);
          if (x && !ends.some((p) => near(p, x, 10)) && !found.some((p) => near(p, x, 8))) found.push(x);
        }
    }
  });
  return found.length;
}
