import type { IncomingMessage } from 'node:http';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import type { Usuario } from '../../../couch-design/usuario';
import { verifyPassword } from './password';
import type { Actors } from '../http/actor';

/** A Passport instance of its own per app, so tests can run several gateways in one process. */
export function createPassport(
  usuarios: { findByEmail(email: string): Promise<Usuario | null>; getById(id: string): Promise<Usuario | null> },
  sessionUsers: Pick<Actors, 'resolve'>,
): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  instance.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: true }, (email, password, done) => {
      (async () => {
        const doc = await usuarios.findByEmail(email);
        let ok = await verifyPassword(password, doc?.password_hash);
        if (doc && !ok) {
          // A password set a moment ago may not be in the copy the e-mail index answered from (a
          // CouchDB cluster reads an index from one copy): the account read by id, by quorum, decides.
          const current = await usuarios.getById(doc._id);
          if (current && current.password_hash !== doc.password_hash) ok = await verifyPassword(password, current.password_hash);
        }
        if (!doc || !ok) return done(null, false);
        done(null, (await sessionUsers.resolve(doc._id)) ?? false);
      })().catch((e) => done(e));
    }),
  );
  instance.serializeUser((user, done) => done(null, user.id));
  // A session whose person no longer exists (deleted while the device was away) is marked: its
  // check-auth then tells the device to wipe that person's data (auth/routes.ts sessionAnswer).
  instance.deserializeUser((req: IncomingMessage, id: string, done: (err: unknown, user?: Express.User | false) => void) => {
    sessionUsers.resolve(id).then(
      (u) => {
        if (!u) (req as { session?: { revocada?: boolean } }).session!.revocada = true;
        done(null, u ?? false);
      },
      (e) => done(e),
    );
  });
  return instance;
}
