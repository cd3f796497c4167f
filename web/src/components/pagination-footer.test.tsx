import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { renderScreen } from '../test/render.tsx';
import { PaginationFooter } from './pagination-footer.tsx';

describe('PaginationFooter', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('moves one page either way and disables the ends', async () => {
    const onChange = vi.fn();
    renderScreen(<PaginationFooter page={0} totalPages={3} totalItems={25} onChange={onChange} />);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 25 resultados')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('says one result in the singular, in English, and has nowhere to go', async () => {
    await i18n.changeLanguage('en');
    renderScreen(<PaginationFooter page={0} totalPages={1} totalItems={1} onChange={vi.fn()} />);
    expect(screen.getByText('Showing 1 result')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('moves back from the last page', async () => {
    const onChange = vi.fn();
    renderScreen(<PaginationFooter page={2} totalPages={3} totalItems={25} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('goes to a typed page, and refuses "2,5" with a message rather than going to page 25', async () => {
    const onChange = vi.fn();
    renderScreen(<PaginationFooter page={0} totalPages={30} totalItems={600} onChange={onChange} jump />);
    const input = screen.getByRole('textbox', { name: 'Ir a la página' });
    await userEvent.type(input, '2,5');
    await userEvent.click(screen.getByRole('button', { name: 'Ir' }));
    expect(screen.getByText('Un número de página entero')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, '25{Enter}');
    expect(onChange).toHaveBeenCalledWith(24);
  });
});
