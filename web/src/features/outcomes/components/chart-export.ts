import type { Figure } from './figure/figure-svg.ts';

/**
 * The figure of the curves as a file: the SVG document itself; PNG by drawing it on a canvas at twice
 * its size, for sharp slides; PDF as vectors, through a library loaded only when a PDF is asked for
 * (figure/figure-pdf.ts), so that the outcomes screen does not carry it.
 */

export const FIGURE_FORMATS = ['png', 'svg', 'pdf'] as const;
export type FigureFormat = (typeof FIGURE_FORMATS)[number];

/** The PNG is drawn at this many pixels per pixel of the figure. */
export const PNG_SCALE = 2;

/** The figure as PNG, drawn at `scale` times its size. */
export async function svgToPng(figure: Figure, scale = PNG_SCALE): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([figure.markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image(figure.width, figure.height);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(figure.width * scale);
    canvas.height = Math.round(figure.height * scale);
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('No 2D canvas');
    }
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, figure.width, figure.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The figure in one of its formats. */
export async function figureFile(figure: Figure, format: FigureFormat): Promise<Blob> {
  switch (format) {
    case 'svg':
      return new Blob([figure.markup], { type: 'image/svg+xml;charset=utf-8' });
    case 'png':
      return svgToPng(figure);
    case 'pdf': {
      const { figurePdf } = await import('./figure/figure-pdf.ts');
      return figurePdf(figure);
    }
  }
}
