import { describe, expect, it } from 'vitest';
import * as api from './index';
import { sampleCaptacion } from './fixtures';

describe('public API of couch-design/captacion', () => {
  it('re-exports what the gateway and the PWA import', () => {
    for (const name of [
      'captacionSchema', 'captacionDocSchema', 'validateCaptacion', 'errorsBySection', 'errorSummaryText',
      'ERROR_SUMMARY_PREFIX', 'captacionWarnings', 'formToDoc', 'docToForm', 'emptyCaptacion', 'emptyCaptacionForm',
      'statusChip', 'normalizeTipoCredito', 'CAPTACION_TABS', 'TAB_COUNT', 'isComplete', 'adviserName',
      'historyUserName', 'lastUpdate', 'addressLine', 'normalizeCaptacionInput', 'ESTADOS_MEXICO', 'MSG',
    ]) {
      expect(api, name).toHaveProperty(name);
    }
  });

  it('lets the gateway normalise then validate a body in two calls', () => {
    const body = { ...sampleCaptacion(), propietario: { ...sampleCaptacion().propietario, telefono: '55 2345 6789' } };
    expect(api.validateCaptacion(api.normalizeCaptacionInput(body))).toEqual([
      { param: 'propietario.telefono', msg: 'El teléfono debe contener exactamente 10 dígitos numéricos' },
    ]);
  });
});
