import type { JSX } from 'react';
import { AreaField, CheckField } from '../../../../components/form';

export function DocumentosTab(): JSX.Element {
  return (
    <>
      <div className="page-checks">
        <CheckField name="documentacion.ine" label="INE" required />
        <CheckField name="documentacion.escrituras" label="Escrituras" required />
        <CheckField name="documentacion.curp" label="CURP" />
        <CheckField name="documentacion.rfc" label="RFC" />
        <CheckField name="documentacion.comprobante_domicilio" label="Comprobante de domicilio" />
        <CheckField name="documentacion.predial_pagado" label="Predial pagado" />
        <CheckField name="documentacion.libre_gravamen" label="Libre de gravamen" />
      </div>
      <AreaField name="documentacion.observaciones" label="Notas" />
    </>
  );
}
