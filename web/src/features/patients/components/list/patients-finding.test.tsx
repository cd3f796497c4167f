import { DIAGNOSES } from '@registry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderScreen } from '../../../../test/render.tsx';
import { PatientsScreen } from './patients-screen.tsx';
import { doctorRows, listCalls, page, rows, stubListApi, TEST_DOCTOR } from './test-fixtures.ts';

/** A browser as wide as a phone: the media queries below 600 px match. */
function phoneWidth() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width: 599px'),
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

/** The options a select's combobox controls. */
function listboxOf(combobox: HTMLElement): HTMLElement {
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  expect(listbox).not.toBeNull();
  return listbox as HTMLElement;
}

const TEXTS = {
  es: {
    codeOP: 'Código OP',
    missing: 'Sin código OP',
    subtype: 'Subtipo',
    confirm: 'A confirmar',
    createdAt: 'Alta',
    perPage: 'Por página',
    goTo: 'Ir a la página',
    go: 'Ir',
    pageOf: 'Página 3 de 5',
    filters: 'Filtros',
    sortBy: 'Ordenar por',
    newest: 'Alta, más recientes primero',
    relapse: 'Recaída',
    open: 'Ver la historia clínica de HC-0001',
    empty: 'No hay pacientes para mostrar.',
    search: 'Código OP, paciente, institución o informe',
    eln2024: 'ELN 2024',
    intermediate: 'Intermedio',
  },
  en: {
    codeOP: 'Code OP',
    missing: 'No Code OP',
    subtype: 'Subtype',
    confirm: 'To be confirmed',
    createdAt: 'Registered',
    perPage: 'Per page',
    goTo: 'Go to page',
    go: 'Go',
    pageOf: 'Page 3 of 5',
    filters: 'Filters',
    sortBy: 'Sort by',
    newest: 'Registered, newest first',
    relapse: 'Relapse',
    open: 'See the clinical history of HC-0001',
    empty: 'There are no patients to show.',
    search: 'Code OP, patient, institution or report',
    eln2024: 'ELN 2024',
    intermediate: 'Intermediate',
  },
} as const;

describe.each(['es', 'en'] as const)('finding patients (%s)', (language) => {
  const text = TEXTS[language];
  beforeEach(async () => {
    await i18n.changeLanguage(language);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('filters an admin list by a missing Code OP, and offers every subtype', async () => {
    const api = stubListApi();
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    expect(screen.getByRole('searchbox')).toHaveAttribute('placeholder', text.search);
    await userEvent.click(screen.getByRole('combobox', { name: text.codeOP }));
    await userEvent.click(await screen.findByRole('option', { name: text.missing, hidden: true }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ codeOP: 'missing', page: '0' }));

    const subtype = screen.getByRole('combobox', { name: text.subtype });
    await userEvent.click(subtype);
    const listbox = listboxOf(subtype);
    // 'All' and then every Diagnosis value, 'To be confirmed' and ALL among them.
    expect(within(listbox).getAllByRole('option', { hidden: true })).toHaveLength(DIAGNOSES.length + 1);
    await userEvent.click(within(listbox).getByRole('option', { name: text.confirm, hidden: true }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ subtype: 'confirm' }));
    await userEvent.click(screen.getByRole('combobox', { name: text.subtype }));
    await userEvent.click(await screen.findByRole('option', { name: 'ALL', hidden: true }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ subtype: 'ALL', codeOP: 'missing' }));
  });

  it('gives a doctor no Code OP filter', async () => {
    stubListApi(() => page(doctorRows));
    renderScreen(<PatientsScreen />, { user: TEST_DOCTOR });
    await screen.findByText('HC-0001');
    expect(screen.queryByRole('combobox', { name: text.codeOP })).not.toBeInTheDocument();
  });

  it('sorts an admin list newest first in one click on the registration date', async () => {
    sessionStorage.setItem('lastPagePatients', '1');
    const api = stubListApi(() => page(rows, 1, 2));
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    const header = screen.getByRole('columnheader', { name: text.createdAt });
    await userEvent.click(within(header).getByRole('button', { name: text.createdAt }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toMatchObject({ orderBy: 'createdAt', order: 'desc', page: '0' }),
    );
    expect(header).toHaveAttribute('aria-sort', 'descending');
    // The registration day as the file writes dates, in either language.
    expect(within(screen.getByRole('table')).getByText('05/03/2024')).toBeInTheDocument();
  });

  it('changes the page size from the first page, and keeps it for the next visit', async () => {
    sessionStorage.setItem('lastPagePatients', '2');
    const api = stubListApi(({ query }) => page(rows, Number(query.page), 5));
    const { unmount } = renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    expect(listCalls(api)[0]).toMatchObject({ size: '10', page: '2' });
    const perPage = screen.getByRole('combobox', { name: text.perPage });
    await userEvent.click(perPage);
    const sizes = listboxOf(perPage);
    expect(
      within(sizes)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await userEvent.click(within(sizes).getByRole('option', { name: '50', hidden: true }));
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ size: '50', page: '0' }));
    expect(JSON.parse(localStorage.getItem('patient_filters') ?? '{}')).toMatchObject({ size: 50 });
    unmount();
    renderScreen(<PatientsScreen />);
    await waitFor(() => expect(listCalls(api).at(-1)).toMatchObject({ size: '50' }));
  });

  it('ignores a stored page size the list does not offer', async () => {
    localStorage.setItem('patient_filters', JSON.stringify({ size: 20 }));
    const api = stubListApi();
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    expect(listCalls(api)[0]).toMatchObject({ size: '10' });
  });

  it('jumps to a typed page, and to the last one for a number past the end', async () => {
    const api = stubListApi(({ query }) => page(rows, Number(query.page), 5));
    renderScreen(<PatientsScreen />);
    await screen.findByText('AL-OP#12');
    const field = screen.getByRole('textbox', { name: text.goTo });
    await userEvent.type(field, '3');
    await userEvent.click(screen.getByRole('button', { name: text.go }));
    expect(await screen.findByText(text.pageOf)).toBeInTheDocument();
    expect(listCalls(api).at(-1)?.page).toBe('2');
    await userEvent.type(field, '9{Enter}');
    await waitFor(() => expect(listCalls(api).at(-1)?.page).toBe('4'));
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = phoneWidth();
    });
    afterEach(() => restore());

    it('shows cards, and folds the filters and the sort behind the Filters button', async () => {
      localStorage.setItem('patient_filters', JSON.stringify({ relapse: 'true' }));
      const api = stubListApi();
      renderScreen(<PatientsScreen />);
      await screen.findByText('HC-0001');
      const list = screen.getByRole('list', { name: language === 'es' ? 'Pacientes' : 'Patients' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [first, second] = within(list).getAllByRole('listitem');
      const one = within(first as HTMLElement);
      expect(one.getByText('HC-0001')).toBeInTheDocument();
      expect(one.getByText('Hospital Italiano')).toBeInTheDocument();
      expect(one.getByText('AL-OP#12')).toBeInTheDocument();
      expect(one.getByText(text.relapse)).toBeInTheDocument();
      expect(one.getByText(/AML M2/)).toBeInTheDocument();
      // ELN 2024 beside ELN 2022 on the card; a patient it does not apply to shows no line for it.
      expect(one.getByText(`${text.eln2024}:`)).toBeInTheDocument();
      expect(one.getByText(text.intermediate)).toBeInTheDocument();
      expect(within(second as HTMLElement).queryByText(`${text.eln2024}:`)).not.toBeInTheDocument();
      expect(one.getByRole('link', { name: text.open })).toHaveAttribute('href', `/patient/${rows[0]?.id}`);
      expect(within(second as HTMLElement).getByText(text.missing)).toBeInTheDocument();

      const toggle = screen.getByRole('button', { name: new RegExp(`^${text.filters}`) });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveTextContent('1');
      await userEvent.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await userEvent.click(await screen.findByRole('combobox', { name: text.sortBy }));
      await userEvent.click(await screen.findByRole('option', { name: text.newest, hidden: true }));
      await waitFor(() =>
        expect(listCalls(api).at(-1)).toMatchObject({
          orderBy: 'createdAt',
          order: 'desc',
          relapse: 'true',
        }),
      );
    });

    it('says so in a card when no patient matches', async () => {
      stubListApi(() => page([]));
      renderScreen(<PatientsScreen />);
      expect(await screen.findByText(text.empty)).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });
  });
});
