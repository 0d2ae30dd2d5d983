/** One line of a benchmark table. */
export interface Row {
  name: string;
  value: number;
  unit: string;
  /** How to read the number (printed under the table). */
  note?: string;
}

export type Bench = () => Promise<Row[]>;
