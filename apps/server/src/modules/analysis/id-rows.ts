/**
 * Rows of `COPY … TO STDOUT` (text format) of three columns: two whole numbers and an id list as
 * `array_to_string(ids, ',')` writes it (`\N` for a NULL list), parsed straight from the bytes as
 * they arrive, with no string or object per row: what `loadAnalysisInput` reads the answers and the
 * 360 answers with (analysis-input.ts). A row may be cut anywhere between two pieces. `onRow` gets
 * the list in one array reused from row to row.
 */
export class IdRowsParser {
  private field = 0;
  private value = 0;
  private digits = false;
  private first = 0;
  private second = 0;
  private readonly ids: number[] = [];

  constructor(private readonly onRow: (first: number, second: number, ids: readonly number[]) => void) {}

  push(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (byte >= 48 && byte <= 57) {
        this.value = this.value * 10 + (byte - 48);
        this.digits = true;
      } else if (byte === 44 && this.field === 2) {
        if (this.digits) this.ids.push(this.value);
        this.value = 0;
        this.digits = false;
      } else if (byte === 9 && this.field < 2 && this.digits) {
        if (this.field === 0) this.first = this.value;
        else this.second = this.value;
        this.field += 1;
        this.value = 0;
        this.digits = false;
      } else if (byte === 10 && this.field === 2) {
        if (this.digits) this.ids.push(this.value);
        this.onRow(this.first, this.second, this.ids);
        this.field = 0;
        this.value = 0;
        this.digits = false;
        this.ids.length = 0;
      } else if ((byte === 92 || byte === 78) && this.field === 2 && this.ids.length === 0 && !this.digits) {
        // `\N`: a NULL list, no ids.
      } else {
        throw new Error(`the database’s rows are not two ids and an id list: byte ${byte} in column ${this.field + 1}`);
      }
    }
  }

  /** After the last piece: a row left unfinished means the output was cut short. */
  end(): void {
    if (this.field !== 0 || this.digits) throw new Error('the database’s rows ended inside a row');
  }
}
