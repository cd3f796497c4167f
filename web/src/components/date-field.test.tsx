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

  it("shows a 'yyyy-MM-dd' day as DD/MM/YYYY and answers a picked day as 'yyyy-MM-dd'", async () => {
    const onChange = vi.fn();
    renderScreen(<DateField label="Fecha de muestra" value="2024-10-01" onChange={onChange} />);
    const field = screen.getByRole('button', { name: 'Fecha de muestra' });
    expect(field).toHaveTextContent('01/10/2024');
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('button', { name: '15 octubre 2024', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('2024-10-15');
  });

  it('names the calendar controls and offers no month after the current one', async () => {
    renderScreen(<DateField label="Fecha de muestra" value={null} onChange={vi.fn()} />);
    const field = screen.getByRole('button', { name: 'Fecha de muestra' });
    expect(field).toHaveTextContent('DD/MM/AAAA');
    await userEvent.click(field);
    expect(await screen.findByRole('button', { name: 'Mes anterior', hidden: true })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Mes siguiente', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Elegir mes', hidden: true })).toBeInTheDocument();
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
