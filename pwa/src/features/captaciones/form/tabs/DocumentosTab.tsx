import type { JSX } from 'react';
import { CAPTACION_LABELS } from '../../../../../../couch-design/captacion';
import { AreaField, CheckField } from '../../../../components/form';

export function DocumentosTab(): JSX.Element {
  return (
    <>
      <div className="page-checks">
        <CheckField name="documentacion.ine" label={CAPTACION_LABELS.documentos.ine.entry} required />
        <CheckField name="documentacion.escrituras" label={CAPTACION_LABELS.documentos.escrituras.entry} required />
        <CheckField name="documentacion.curp" label={CAPTACION_LABELS.documentos.curp.entry} />
        <CheckField name="documentacion.rfc" label={CAPTACION_LABELS.documentos.rfc.entry} />
        <CheckField name="documentacion.comprobante_domicilio" label={CAPTACION_LABELS.documentos.comprobante_domicilio.entry} />
        <CheckField name="documentacion.predial_pagado" label={CAPTACION_LABELS.documentos.predial_pagado.entry} />
        <CheckField name="documentacion.libre_gravamen" label={CAPTACION_LABELS.documentos.libre_gravamen.entry} />
      </div>
      <AreaField name="documentacion.observaciones" label={CAPTACION_LABELS.documentos.observaciones.entry} />
    </>
  );
}
