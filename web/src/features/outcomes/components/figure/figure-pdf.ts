import { jsPDF } from 'jspdf';
import { svg2pdf } from 'svg2pdf.js';
import type { Figure } from './figure-svg.ts';

/**
 * The figure as a one-page vector PDF, the page the figure's size (a CSS pixel is 0.75 pt): jsPDF
 * writes the PDF and svg2pdf.js draws the SVG on it as paths and text, so it stays sharp at any zoom and
 * its words can be searched and copied. The figure's font is Helvetica, one of the PDF's standard
 * fonts, so no font is embedded; the few characters it lacks that the figures use (the χ of χ²) are
 * spelt out. Loaded on demand (chart-export.ts): a large module the screen does not need.
 */

const POINTS_PER_PIXEL = 0.75;

export async function figurePdf(figure: Figure): Promise<Blob> {
  const width = figure.width * POINTS_PER_PIXEL;
  const height = figure.height * POINTS_PER_PIXEL;
  const svg = new DOMParser().parseFromString(
    figure.markup.replaceAll('χ', 'chi'),
    'image/svg+xml',
  ).documentElement;
  const pdf = new jsPDF({
    unit: 'pt',
    format: [width, height],
    orientation: width > height ? 'landscape' : 'portrait',
    compress: true,
  });
  const title = svg.querySelector('title')?.textContent ?? '';
  pdf.setProperties({ title });
  await svg2pdf(svg, pdf, { x: 0, y: 0, width, height });
  return pdf.output('blob');
}
