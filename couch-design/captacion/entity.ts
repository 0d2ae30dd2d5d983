/**
 * The captaciones database: one `captacion` per property. Everyone reads every captación, a
 * supervisor only those they advise; advisers capture them on devices without signal, so each
 * device keeps its scope and pushes what it writes, through the one captación write policy.
 */
import { declareEntity, mangoIndex, policyLoader } from '../entity';
import { dict } from '../helpers/values';
import { canEditCaptacion } from '../roles';
import { captacionesScopeKind, captacionesSelector, inCaptacionesScope } from '../scope';
import { captacionPathLabel } from './labels';
import { DEVICE_SET_PATH, DEVICE_SET_FORGET_PATH } from './device-set';
import { CAPTACIONES_LIST_INDEX } from './list-index';
import { captacionTombstone } from './stamp';

/*
 * The captaciones list indexes serve a device's own database (the PWA creates them locally). The
 * gateway answers its list from an in-memory directory instead (sync-server/src/captaciones/
 * directory.ts), so it deploys neither: on the server they would only cost an index build of
 * minutes at 100,000 documents that no query waits for.
 */
export const CAPTACIONES_BY_FECHA = mangoIndex('captaciones-fecha', ['type', 'captacion.fecha']);

export const CAPTACIONES_BY_ASESOR_FECHA = mangoIndex('captaciones-asesor-fecha', ['captacion.asesor', 'captacion.fecha']);

const whole = (user: Parameters<typeof captacionesScopeKind>[0]): boolean => captacionesScopeKind(user) === 'todas';

export const CAPTACION = declareEntity({
  database: 'captaciones',
  docTypes: ['captacion'],
  names: { one: 'captación', many: 'captaciones' },
  indexes: [],
  retiredIndexes: [CAPTACIONES_BY_FECHA.ddoc, CAPTACIONES_BY_ASESOR_FECHA.ddoc],
  sync: {
    scope: { selector: captacionesSelector, inScope: (user, doc) => whole(user) || inCaptacionesScope(user, doc), wholeDatabase: whole },
    loadWritePolicy: policyLoader(() => import('./write-policy').then((m) => m.captacionWritePolicy)),
    // Who may edit a captación may write its children (visits), as its write policy says.
    mayEdit: (user, doc) => canEditCaptacion(user.role) && inCaptacionesScope(user, doc),
    // An admin who reassigns a captación takes it out of a supervisor's scope (its children follow it: child-entity.ts).
    effects: ['scope-lost'],
    // Deleted, every leaf goes, keeping the adviser a supervisor's feed is filtered by.
    tombstone: (leaf) => {
      const asesor = dict(leaf.captacion).asesor;
      return captacionTombstone(String(leaf._id), typeof leaf._rev === 'string' ? leaf._rev : undefined, typeof asesor === 'string' ? asesor : '');
    },
    device: {
      pushed: true,
      home: true,
      indexes: [CAPTACIONES_LIST_INDEX],
      // A refused captación reads by its owner, as the list shows it, and its fields by their labels.
      rejected: {
        fieldLabel: captacionPathLabel,
        nameOf: (doc) => {
          const nombre = dict(doc.propietario).nombre;
          return typeof nombre === 'string' ? nombre.trim() : '';
        },
      },
    },
    // A device keeps the person's set of captaciones, not every one they may read (issue 34).
    deviceSet: { path: DEVICE_SET_PATH, forgetPath: DEVICE_SET_FORGET_PATH },
  },
});
