import { EMPLOYEE_GENERATIONS, GENDERS, ZIsoDate, type TGender, type TGenerationCode } from '@ona/contracts';
import { z } from 'zod';
import type { RowErrors } from './row-errors.ts';
import type { CellValue } from './sheet-table.ts';

const ZEmail = z.email();
const MAX_TEXT = 200;

/** Reads one row's cells, reporting each problem against the row; a failed cell reads as null. */
export class RowReader<C extends string> {
  constructor(
    private readonly cells: Record<C, CellValue>,
    private readonly errors: Pick<RowErrors, 'add'>,
    private readonly sheetPrefix: string,
    readonly rowNumber: number,
  ) {}

  private report(key: Parameters<RowErrors['add']>[2], params?: Record<string, string | number>): void {
    this.errors.add(this.sheetPrefix, this.rowNumber, key, params);
  }

  text(column: C, options: { required?: boolean; max?: number } = {}): string | null {
    const raw = this.cells[column];
    const value = raw === null ? null : raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).trim();
    if (!value) {
      if (options.required) this.report('survey.rows.required', { column });
      return null;
    }
    if (value.length > (options.max ?? MAX_TEXT)) {
      this.report('survey.rows.too_long', { column });
      return null;
    }
    return value;
  }

  email(column: C, options: { required?: boolean } = {}): string | null {
    const value = this.text(column, { ...options, max: 254 });
    if (value === null) return null;
    if (!ZEmail.safeParse(value).success) {
      this.report('survey.rows.invalid_email', { column });
      return null;
    }
    return value.toLowerCase();
  }

  date(column: C): string | null {
    const raw = this.cells[column];
    if (raw === null) return null;
    if (raw instanceof Date) return raw.toISOString().slice(0, 10);
    // Accept the common spellings 2021-03-04, 2021.03.04. and 2021/03/04.
    const normalised = String(raw).trim().replace(/\.$/, '').replace(/[./]/g, '-');
    const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(normalised);
    const iso = match ? `${match[1]}-${match[2]?.padStart(2, '0')}-${match[3]?.padStart(2, '0')}` : '';
    if (!ZIsoDate.safeParse(iso).success) {
      this.report('survey.rows.invalid_date', { column });
      return null;
    }
    return iso;
  }

  gender(column: C): TGender | null {
    const value = this.text(column);
    if (value === null) return null;
    const lower = value.toLowerCase();
    const aliases: Record<string, TGender> = { f: 'female', m: 'male' };
    const gender = (GENDERS as readonly string[]).includes(lower) ? (lower as TGender) : aliases[lower];
    if (!gender) this.report('survey.rows.invalid_gender', { allowed: GENDERS.join(', ') });
    return gender ?? null;
  }

  generation(column: C): TGenerationCode | null {
    const value = this.text(column);
    if (value === null) return null;
    const lower = value.toLowerCase();
    if (!(EMPLOYEE_GENERATIONS as readonly string[]).includes(lower)) {
      this.report('survey.rows.invalid_generation', { allowed: EMPLOYEE_GENERATIONS.join(', ') });
      return null;
    }
    return lower as TGenerationCode;
  }

  positiveInt(column: C, options: { required?: boolean } = {}): number | null {
    const raw = this.cells[column];
    if (raw === null) {
      if (options.required) this.report('survey.rows.required', { column });
      return null;
    }
    const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
    if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) {
      this.report('survey.rows.invalid_id');
      return null;
    }
    return n;
  }
}
