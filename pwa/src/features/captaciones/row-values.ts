/** How the captación's screens (the detail, the conflict view) write the values of its declared rows (couch-design/captacion/rows.ts). */
import type { ValueWriter } from '../../../../couch-design/captacion';
import { date, money, orDash, siNo, withUnit } from '../../components/feedback';

export const SCREEN_VALUES: ValueWriter = {
  text: orDash,
  number: (value, unit) => (unit ? withUnit(value, unit) : orDash(value)),
  money,
  date,
  yesNo: siNo,
};
