/**
 * Excel's dates are serial day numbers: in the 1900 system (the default) day 1 is 1 January 1900, in the
 * 1904 system (old Mac workbooks, `date1904`) day 0 is 1 January 1904 (ECMA-376 Part 1, §18.17.4).
 */

/** The instants from which each system counts its days. */
export const EPOCH_1900 = Date.UTC(1899, 11, 30);
export const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * An Excel serial day as a date in UTC (its fraction the time of day, to the second). In the 1900 system
 * Excel counts a 29 February 1900 that never was: the serials before it are one day earlier, and 60 is
 * no date at all (`null`), as are serials outside 1900–9999.
 */
export function excelDate(serial: number, epoch: number = EPOCH_1900): Date | null {
  let days = serial;
  if (epoch === EPOCH_1900) {
    if (serial < 1 || (serial >= 60 && serial < 61) || serial >= 2_958_466) {
      return null;
    }
    days = serial < 60 ? serial + 1 : serial;
  } else if (serial < 0 || serial >= 2_957_004) {
    return null;
  }
  return new Date(epoch + Math.round(days * 86_400) * 1000);
}
