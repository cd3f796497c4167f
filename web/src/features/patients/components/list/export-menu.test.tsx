import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { fileAnswer, refusal, stubRoutes } from '../../../../test/fetch-routes.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { ExportMenu } from './export-menu.tsx';

/** An answer that waits until the test lets it go. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('ExportMenu', () => {
  const saved: { name: string; href: string }[] = [];
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    saved.length = 0;
    // jsdom has no object URLs; the saved file is caught where the app clicks its link.
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['CSV', 'csv', 'patients-2026-11-22-031500-UTC.csv'],
    ['XLS', 'xls', 'patients-2026-11-22-031500-UTC.xlsx'],
    ['JSON', 'json', 'patients-2026-11-22-031500-UTC.json'],
  ])(
    'downloads %s with the filters, showing progress, under the server name',
    async (label, path, filename) => {
      const pending = deferred();
      const api = stubRoutes({ [`GET /api/patients/${path}`]: () => pending.promise });
      renderScreen(<ExportMenu filters={{ subtype: 'AML M2', relapse: 'true', text: 'HC' }} />);

      await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: label, hidden: true }));
      expect(await screen.findByRole('status')).toHaveTextContent(`Generando el archivo ${label}…`);
      expect(screen.getByRole('button', { name: 'Exportar' })).toBeDisabled();
      expect(api.calls[0]?.path).toBe(`/api/patients/${path}`);
      expect(api.calls[0]?.query).toEqual({
        subtype: 'AML M2',
        relapse: 'true',
        text: 'HC',
      });

      pending.release(fileAnswer('a,b\n1,2\n', filename));
      expect(await screen.findByText(`Se descargó el archivo ${filename}.`)).toBeInTheDocument();
      expect(saved).toEqual([{ name: filename, href: 'blob:x' }]);
      await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
      expect(screen.getByRole('button', { name: 'Exportar' })).toBeEnabled();
    },
  );

  it("shows the server's message when the export is refused", async () => {
    stubRoutes({ 'GET /api/patients/csv': () => refusal(403, 'FORBIDDEN', 'No tiene permiso.') });
    renderScreen(<ExportMenu filters={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'CSV', hidden: true }));
    expect(await screen.findByText('No tiene permiso.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
