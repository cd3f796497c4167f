import type { SeriesStyle } from './chart-data.ts';

/**
 * The downloads of the chart, made from the <svg> the chart library rendered: its styles written onto
 * each element (the page's CSS variables do not travel), a white background, the title above and the
 * legend below. PNG goes through a canvas at twice the size.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'visibility',
] as const;

export interface LegendEntry {
  readonly label: string;
  readonly style: SeriesStyle;
}

/** Copies the computed styles of `source` and its descendants onto their copies in `target`. */
function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  const declarations = STYLE_PROPERTIES.map((name) => [name, computed.getPropertyValue(name)] as const)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}:${value}`);
  target.setAttribute('style', declarations.join(';'));
  for (let index = 0; index < source.children.length; index++) {
    const from = source.children[index];
    const to = target.children[index];
    if (from && to) {
      inlineStyles(from, to);
    }
  }
}

function element(name: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) {
    node.setAttribute(key, String(value));
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const TITLE_HEIGHT = 40;
const LEGEND_ROW = 22;

/** A standalone SVG document of the chart, its title and its legend. */
export function chartSvgMarkup(svg: SVGSVGElement, title: string, legend: readonly LegendEntry[]): string {
  const box = svg.getBoundingClientRect();
  const width = Math.round(box.width || Number(svg.getAttribute('width')) || 800);
  const height = Math.round(box.height || Number(svg.getAttribute('height')) || 400);
  const columns = width >= 640 ? 2 : 1;
  const legendHeight = Math.ceil(legend.length / columns) * LEGEND_ROW + 16;
  const total = TITLE_HEIGHT + height + legendHeight;

  const chart = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, chart);
  for (const attribute of ['role', 'tabindex', 'class']) {
    chart.removeAttribute(attribute);
  }
  chart.setAttribute('x', '0');
  chart.setAttribute('y', String(TITLE_HEIGHT));
  chart.setAttribute('width', String(width));
  chart.setAttribute('height', String(height));

  const root = element('svg', {
    xmlns: SVG_NS,
    width,
    height: total,
    viewBox: `0 0 ${width} ${total}`,
    'font-family': FONT,
  });
  root.append(element('rect', { x: 0, y: 0, width, height: total, fill: '#ffffff' }));
  root.append(element('text', { x: 16, y: 26, 'font-size': 16, 'font-weight': 700, fill: '#212529' }, title));
  root.append(chart);
  const columnWidth = (width - 32) / columns;
  legend.forEach((entry, index) => {
    const x = 16 + (index % columns) * columnWidth;
    const y = TITLE_HEIGHT + height + 8 + Math.floor(index / columns) * LEGEND_ROW;
    const line = element('line', {
      x1: x,
      y1: y + 8,
      x2: x + 24,
      y2: y + 8,
      stroke: entry.style.color,
      'stroke-width': 3,
    });
    if (entry.style.dash) {
      line.setAttribute('stroke-dasharray', entry.style.dash);
    }
    root.append(line);
    root.append(element('text', { x: x + 32, y: y + 12, 'font-size': 13, fill: '#212529' }, entry.label));
  });
  return new XMLSerializer().serializeToString(root);
}

/** The same picture as PNG, drawn at `scale` times its size for sharp print. */
export async function svgToPng(markup: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('No 2D canvas');
    }
    context.scale(scale, scale);
    context.drawImage(image, 0, 0);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
