/** One line of a benchmark table. */
export interface Row {
  name: string;
  value: number;
  unit: string;
}

export type Bench = () => Promise<Row[]>;
