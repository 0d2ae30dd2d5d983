/**
 * The conjuntos database (issue 34): per person, what they keep on their devices beyond what they
 * advise: the captaciones they pinned ('Disponible sin conexión') and those they opened or edited
 * lately. One small document per person (`conjunto:<user id>`); server only, read by the gateway
 * when it works out a device set (sync-server/src/captaciones/device-set.ts).
 */
import { declareEntity } from '../entity';

export const CONJUNTO_TYPE = 'conjunto';

export const CONJUNTO = declareEntity({
  database: 'conjuntos',
  docTypes: [CONJUNTO_TYPE],
  indexes: [],
});
