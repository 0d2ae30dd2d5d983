/**
 * 'Con visitas esta semana', a filter of the captaciones list (composed into its slot by app/):
 * when on, it tells the list which captaciones have a visit dated this week, and tells it again
 * as visits are recorded here or arrive by sync.
 */
import { Switch } from '@blueprintjs/core';
import { useEffect, useRef, useState, type JSX } from 'react';
import { VISITA } from '../../../../couch-design/visita/entity';
import { useLocalRead } from '../../lib/data';
import { captacionesConVisitasEstaSemana } from './data';
import { FILTRO_VISITAS_SEMANA } from './texts';

export interface VisitasSemanaFilterProps {
  onChange(ids: ReadonlySet<string> | null): void;
}

export function VisitasSemanaFilter({ onChange }: VisitasSemanaFilterProps): JSX.Element {
  const [on, setOn] = useState(false);
  const week = useLocalRead(VISITA.database, on ? 'esta-semana' : null, () => captacionesConVisitasEstaSemana());
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => {
    if (week.status === 'ready') report.current(week.value);
    else if (week.status === 'error') console.error('No se pudieron leer las visitas de esta semana.', week.error);
  }, [week]);
  return (
    <Switch
      large
      className="visitas-filtro"
      label={FILTRO_VISITAS_SEMANA}
      checked={on}
      data-testid="filtro-visitas-semana"
      onChange={(e) => {
        const next = e.currentTarget.checked;
        setOn(next);
        if (!next) report.current(null);
      }}
    />
  );
}
