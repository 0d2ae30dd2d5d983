/** 'Desde' and 'Hasta' above the employee's payroll, with the list's own buttons at the end. */
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, type JSX, type ReactNode } from 'react';
import { BTN_LIMPIAR, FILTRO_DESDE, FILTRO_HASTA } from '../texts';
import type { DateRangeUrl } from './date-filter';

export function DateRangeBar({ range, children }: { range: DateRangeUrl; children?: ReactNode }): JSX.Element {
  const id = useId();
  const filtered = range.desde !== '' || range.hasta !== '';
  return (
    <div className="nominas-toolbar" role="search">
      <FormGroup label={FILTRO_DESDE} labelFor={`${id}-desde`} className="nominas-toolbar__date">
        <InputGroup id={`${id}-desde`} type="date" value={range.desde} max={range.hasta || undefined} onChange={(e) => range.set({ desde: e.target.value })} />
      </FormGroup>
      <FormGroup label={FILTRO_HASTA} labelFor={`${id}-hasta`} className="nominas-toolbar__date">
        <InputGroup id={`${id}-hasta`} type="date" value={range.hasta} min={range.desde || undefined} onChange={(e) => range.set({ hasta: e.target.value })} />
      </FormGroup>
      {filtered ? (
        <Button icon="cross" variant="minimal" onClick={range.clear}>
          {BTN_LIMPIAR}
        </Button>
      ) : null}
      {children ? <div className="nominas-toolbar__end">{children}</div> : null}
    </div>
  );
}
