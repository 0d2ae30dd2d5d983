/** Helpers shared by the captaciones API tests: signed-in people per role and stored records. */
import { sampleCaptacion, type DeepPartial } from '../../../couch-design/captacion/fixtures';
import type { NewCaptacion } from '../../../couch-design/captacion';
import type { StoreDoc } from '../store/port';
import type { CreatedUser, HttpClient, NewUser, TestGateway } from './gateway';
import { seed as seedDocs } from './seed';

export const ROLES = {
  admin: 'administrator',
  user: 'user',
  asesor: 'asesor',
  supervisor: 'supervisor de obra',
  ayudante: 'ayudante de administrador',
} as const;

export interface Person {
  user: CreatedUser;
  client: HttpClient;
}

export async function signedIn(gw: TestGateway, role: string, names: Partial<NewUser> = {}): Promise<Person> {
  const user = await gw.createUser({ role, ...names });
  const client = await gw.client().signIn(user.email, user.password);
  return { user, client };
}

/** Stores captaciones straight into the database, as replication or an import would. */
export async function seed(gw: TestGateway, docs: Array<NewCaptacion & { _id: string }>): Promise<void> {
  await seedDocs(gw.store, 'captaciones', docs as unknown as StoreDoc[]);
  // Written behind the gateway's back, like another gateway's writes: lists show them once followed.
  await gw.gateway.caughtUp();
}

/** A valid captación held by `asesor`, captured `day` days after 2025-01-01 (later days list first). */
export function captacionOf(asesor: string, day: number, overrides: DeepPartial<NewCaptacion> = {}): NewCaptacion & { _id: string } {
  const fecha = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + 10 * 3_600_000).toISOString();
  const c = sampleCaptacion({ ...overrides, captacion: { fecha, asesor, ...(overrides.captacion ?? {}) } });
  return { ...c, _id: `cap-${String(day).padStart(3, '0')}-${asesor.slice(0, 8)}` };
}

/** No answer ever shows a stack trace or an internal error name. */
export function expectNoStack(body: unknown): void {
  const text = JSON.stringify(body ?? '');
  if (/\bat \S+ \(|\.ts:\d+|node_modules|TypeError|ReferenceError|StoreError/.test(text)) {
    throw new Error(`La respuesta expone detalles internos: ${text.slice(0, 300)}`);
  }
}
