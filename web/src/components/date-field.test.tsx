import { Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { renderScreen } from '../test/render.tsx';
import { DateField, DateRangeField, type DayRange } from './date-field.tsx';

/** Mantine names each day of the calendar by its date in the current language. */
const dayName = (day: dayjs.Dayjs) => day.locale('es').format('D MMMM YYYY');

function RangeHarness({ onChange }: { readonly onChange: (value: DayRange) => void }) {
  const [value, setValue] = useState<DayRange>([null, null]);
  return (
    <DateRangeField
      label="Fecha de recaída"
      placeholder="Desde – hasta"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      clearLabel="Borrar fechas de recaída"
    />
  );
}

describe('DateField', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it("shows a 'yyyy-MM-dd' day as DD/MM/YYYY and answers a picked day as 'yyyy-MM-dd', focus kept", async () => {
    const onChange = vi.fn();
    renderScreen(<DateField label="Fecha de muestra" value="2024-10-01" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Fecha de muestra' });
    expect(field).toHaveValue('01/10/2024');
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('button', { name: '15 octubre 2024', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('2024-10-15');
    // Picking a day leaves the focus in the field, not on the page.
    expect(field).toHaveFocus();
  });

  it('names the calendar controls and offers no month after the current one', async () => {
    renderScreen(<DateField label="Fecha de muestra" value={null} onChange={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Fecha de muestra' });
    expect(field).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await userEvent.click(field);
    expect(await screen.findByRole('button', { name: 'Mes anterior', hidden: true })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mes siguiente', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Elegir mes', hidden: true })).toBeInTheDocument();
  });

  it.each([
    ['es', 'Fecha de nacimiento', 'Escriba la fecha como DD/MM/AAAA, por ejemplo 31/12/1980.'],
    ['en', 'Birth date', 'Type the date as DD/MM/YYYY, for example 31/12/1980.'],
  ])(
    'takes a typed DD/MM/YYYY day, and says (%s) when the text is no day',
    async (language, label, message) => {
      await i18n.changeLanguage(language);
      const user = userEvent.setup({ delay: null });
      const onChange = vi.fn();
      function Harness() {
        const [value, setValue] = useState<string | null>(null);
        return (
          <DateField
            label={label}
            value={value}
            onChange={(next) => {
              setValue(next);
              onChange(next);
            }}
          />
        );
      }
      renderScreen(<Harness />);
      const field = screen.getByRole('textbox', { name: label });
      await user.type(field, '07/03/1980');
      expect(onChange).toHaveBeenLastCalledWith('1980-03-07');
      await user.tab();
      expect(field).toHaveValue('07/03/1980');
      expect(field).not.toHaveAttribute('aria-invalid', 'true');

      // No 31 February: the text stays as typed, reaches the form as it is, and the field says why.
      await user.clear(field);
      await user.type(field, '31/02/1980');
      expect(onChange).toHaveBeenLastCalledWith('31/02/1980');
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.tab();
      expect(field).toHaveValue('31/02/1980');
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');

      // Typing it right takes the message away; emptying the field answers no day.
      await user.clear(field);
      await user.type(field, '1/3/1980');
      expect(onChange).toHaveBeenLastCalledWith('1980-03-01');
      await user.tab();
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.clear(field);
      expect(onChange).toHaveBeenLastCalledWith(null);
      await i18n.changeLanguage('es');
    },
    // Typing is slow in jsdom on a busy machine.
    30_000,
  );

  it('keeps the calendar of a field focused as its modal opens shut until it is clicked', async () => {
    renderScreen(
      <Modal opened onClose={vi.fn()} title="Registrar control">
        <DateField label="Fecha del control" value={null} onChange={vi.fn()} autofocus required />
        <button type="button">Cancelar</button>
      </Modal>,
    );
    const field = await screen.findByRole('textbox', { name: /Fecha del control/ });
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Mes anterior', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(field);
    expect(await screen.findByRole('button', { name: 'Mes anterior', hidden: true })).toBeInTheDocument();
  });

  it('clears an optional day, and offers no clearing for a required one', async () => {
    const onChange = vi.fn();
    const { unmount } = renderScreen(<DateField label="Fecha" value="2024-10-01" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar la fecha' }));
    expect(onChange).toHaveBeenCalledWith(null);
    unmount();

    renderScreen(
      <DateField label="Fecha de óbito" required value="2024-10-01" onChange={vi.fn()} placeholder="Elija" />,
    );
    expect(screen.queryByRole('button', { name: 'Borrar la fecha' })).not.toBeInTheDocument();
  });

  it('leaves the clear button out of the Tab order: Tab goes from field to field', async () => {
    renderScreen(
      <>
        <DateField label="Fecha de consentimiento" value="2024-10-01" onChange={vi.fn()} />
        <input aria-label="Siguiente campo" />
      </>,
    );
    const clear = screen.getByRole('button', { name: 'Borrar la fecha' });
    expect(clear).toHaveAttribute('tabindex', '-1');
    await userEvent.click(screen.getByRole('textbox', { name: 'Fecha de consentimiento' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'Siguiente campo' })).toHaveFocus();
  });
});

describe('DateRangeField', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it("answers both ends as 'yyyy-MM-dd', the last month first so that past days are at hand", async () => {
    const onChange = vi.fn();
    renderScreen(<RangeHarness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Fecha de recaída' }));
    const lastMonth = dayjs().subtract(1, 'month').startOf('month');
    await userEvent.click(await screen.findByRole('button', { name: dayName(lastMonth), hidden: true }));
    await userEvent.click(
      await screen.findByRole('button', { name: dayName(lastMonth.add(9, 'day')), hidden: true }),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        lastMonth.format('YYYY-MM-DD'),
        lastMonth.add(9, 'day').format('YYYY-MM-DD'),
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Borrar fechas de recaída' }));
    expect(onChange).toHaveBeenLastCalledWith([null, null]);
  });
});
