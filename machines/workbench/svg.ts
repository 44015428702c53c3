import { TEXT, type Drawing, type DrawnState } from './layout';

/**
 * A drawing as SVG text: the book writes it to a file, the /machines screen puts it in the
 * page and highlights states by class (`is-active`, `is-selected`, `is-path`). Every state
 * group carries `data-state`, every edge `data-source` and `data-target`, and every label
 * line (and every transition listed in a state) `data-transition`, so the tests read the
 * graph back from the picture and the screen finds what was clicked.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const SVG_STYLE = `
.wb-state > rect.box { fill: #fff; stroke: #495057; stroke-width: 1.2; }
.wb-state.is-compound > rect.box { fill: #f8f9fa; }
.wb-state.is-region > rect.box { fill: none; stroke-dasharray: 6 4; stroke: #868e96; }
.wb-state.is-final > rect.inner { fill: none; stroke: #495057; stroke-width: 1; }
.wb-state .title { font: 600 ${TEXT.title.size}px system-ui, sans-serif; fill: #212529; }
.wb-state .tags { font: ${TEXT.tag.size}px ui-monospace, monospace; fill: #1971c2; }
.wb-state .line { font: ${TEXT.line.size}px ui-monospace, monospace; fill: #495057; }
.wb-state .divider { stroke: #dee2e6; }
.wb-edge path { fill: none; stroke: #868e96; stroke-width: 1.2; }
.wb-edge.is-after path { stroke-dasharray: 4 3; }
.wb-edge .label rect { fill: #fff; opacity: 0.9; }
.wb-edge .label text { font: ${TEXT.label.size}px ui-monospace, monospace; fill: #343a40; }
.wb-initial circle { fill: #212529; }
.wb-initial path { fill: none; stroke: #212529; stroke-width: 1.2; }
.wb-state.is-active > rect.box { stroke: #2f9e44; stroke-width: 3; }
.wb-state.is-active:not(.is-compound) > rect.box { fill: #ebfbee; }
.wb-state.is-selected > rect.box { stroke: #1c7ed6; stroke-width: 3; }
.wb-edge.is-path path { stroke: #e8590c; stroke-width: 2.5; }
.wb-edge .label text.is-path { fill: #e8590c; font-weight: 600; }
.wb-state { cursor: pointer; }
`;

const pathOf = (points: Array<[number, number]>) => points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ');

function state(s: DrawnState): string {
  const classes = ['wb-state', `is-${s.type}`, ...(s.region ? ['is-region'] : [])].join(' ');
  const parts = [`<rect class="box" x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" rx="8"/>`];
  if (s.type === 'final') parts.push(`<rect class="inner" x="${s.x + 3}" y="${s.y + 3}" width="${s.width - 6}" height="${s.height - 6}" rx="6"/>`);
  let y = s.y + 8 + TEXT.title.size;
  parts.push(`<text class="title" x="${s.x + 8}" y="${y}">${esc(s.title)}</text>`);
  if (s.tags.length) {
    y += 14;
    parts.push(`<text class="tags" x="${s.x + 8}" y="${y}">${esc(s.tags.map((t) => `#${t}`).join(' '))}</text>`);
  }
  if (s.lines.length) {
    const top = s.y + s.headerHeight;
    parts.push(`<line class="divider" x1="${s.x}" x2="${s.x + s.width}" y1="${top - 2}" y2="${top - 2}"/>`);
    s.lines.forEach((l, i) => {
      const data = l.transition ? ` data-transition="${esc(l.transition)}"` : '';
      parts.push(`<text class="line"${data} x="${s.x + 8}" y="${top + 11 + i * 15}">${esc(l.text)}</text>`);
    });
  }
  return `<g class="${classes}" data-state="${esc(s.id)}"><title>${esc(s.id)}</title>${parts.join('')}</g>`;
}

/** The SVG text of a drawing. */
export function svgOf(d: Drawing, opts: { title?: string } = {}): string {
  // Outer states first, so children are drawn over their parents.
  const states = d.states.map(state).join('\n');
  const edges = d.edges
    .map((e) => {
      const b = e.labelBox;
      const text = e.label
        .map((line, i) => `<text data-transition="${esc(line.transition)}" x="${b.x + 2}" y="${b.y + 11 + i * 13}">${esc(line.text)}</text>`)
        .join('');
      const kind = e.delayed ? ' is-after' : '';
      return `<g class="wb-edge${kind}" data-source="${esc(e.source)}" data-target="${esc(e.target)}"><path d="${pathOf(e.points)}" marker-end="url(#wb-arrow)"/><g class="label"><rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}"/>${text}</g></g>`;
    })
    .join('\n');
  const initials = d.initials
    .map((m) => `<g class="wb-initial" data-initial="${esc(m.state)}"><circle cx="${m.x}" cy="${m.y}" r="5"/><path d="${pathOf(m.points)}" marker-end="url(#wb-arrow)"/></g>`)
    .join('\n');
  const title = opts.title ? `<title>${esc(opts.title)}</title>` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="wb-chart" data-chart="${esc(d.chart)}" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}">`,
    title,
    `<defs><marker id="wb-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#495057"/></marker></defs>`,
    `<style>${SVG_STYLE}</style>`,
    states,
    edges,
    initials,
    '</svg>',
    '',
  ].join('\n');
}
