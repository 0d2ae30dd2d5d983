/**
 * `declareChildEntity`: the declaration of an entity whose records belong to a record of another
 * (a visit to a captación), from the parent's declaration and the field that names the parent
 * (docs/architecture.md, sección 2, "Receta: una entidad hija"). Everything else is derived here:
 * - read scope: a person reads a child iff they read its parent. Whoever reads the whole parent
 *   database reads the whole child database; for anyone else the gateway finds the parents they
 *   read and narrows the child's feed and reads to those (sync-server/src/sync/child-scope.ts).
 *   Nothing of the parent is copied onto the child, so a reassignment rewrites no child.
 * - write rule: a write is stored iff the person may edit the parent's current revision
 *   (`mayEdit` of the parent) and the parent is not deleted; a child never changes parent; a
 *   deletion keeps only the owner fields (`type` and the parent's field), which the feeds need.
 * - the parent's deletion deletes its children, every leaf, and a child stored while its parent
 *   was being deleted is deleted once stored (sync-server/src/policy/effects.ts); a reassignment
 *   of the parent makes both people's devices pull again, and nothing else.
 * - the index by parent, the device's database (pushed after its parent's) and the names.
 * A child with rules of its own beyond these (photos: their images, their maximum per parent, the
 * original that goes with a photo) declares its own write policy and the relation's hooks
 * (`ChildLink.deletedWith`, `ChildLink.perParent`).
 */
import { declareEntity, mangoIndex, policyLoader, type ChildLink, type DeviceDatabase, type EntityDeclaration, type EntityNames, type MangoIndexDef, type SyncDeclaration, type SyncedEntity } from './entity';
import { isLive, type Dict } from './helpers/values';
import type { ObjectSchemaLike } from './schema-policy';
import { refusal, type WritePolicy, type WriteState } from './write-policy';

/** The relation's write rule over the child's own schema. */
interface SchemaRules {
  /** The Spanish refusal of a write by someone who may not edit the parent (or of a parent that is gone). */
  readonly refused: string;
  /**
   * The child's own rules, its Yup schema of the data fields (schema-policy.ts), loaded when the
   * gateway first decides a write: they decide the writes the relation lets through, never a deletion.
   */
  readonly loadSchema: () => Promise<ObjectSchemaLike>;
  /** How a refusal by the schema begins ('La visita no es válida: '). */
  readonly invalid: string;
}

/** A write policy of the child's own, made for its relation, which reads its parents through `parentsNamed` (`WriteFacts.parents`). */
interface OwnPolicy {
  readonly loadWritePolicy: (link: ChildLink) => Promise<WritePolicy>;
}

export type ChildEntitySpec<Db extends string> = (SchemaRules | OwnPolicy) & {
  readonly database: Db;
  /** The child's `type`. */
  readonly docType: string;
  /** Other types its database admits, read by id and never pulled (a photo's full-size original). */
  readonly byIdOnly?: readonly string[];
  readonly names: EntityNames;
  /** The parent's declaration: replicated, saying who may edit one of its records. */
  readonly parent: SyncedEntity & { readonly sync: { readonly mayEdit: NonNullable<SyncDeclaration['mayEdit']> } };
  /** The field holding the parent's `_id`. */
  readonly field: string;
  /** The index by parent, when it is not the one named after the relation (an index deployed before it). */
  readonly byParent?: MangoIndexDef;
  /** More indexes of its own, besides the one by parent. */
  readonly indexes?: readonly MangoIndexDef[];
  readonly deletedWith?: ChildLink['deletedWith'];
  readonly perParent?: ChildLink['perParent'];
  /** The device's database, beyond being pushed (batch sizes). */
  readonly device?: Omit<DeviceDatabase, 'pushed'>;
  readonly attachments?: true;
  readonly pushBodyBytes?: number;
};

export type ChildEntity<Db extends string> = EntityDeclaration<Db> & {
  readonly sync: SyncDeclaration & { readonly device: DeviceDatabase; readonly childOf: ChildLink };
};

/** Refused when a child names another parent than the one it was written under. */
export const CHILD_MOVED = 'El registro no puede cambiar de registro principal.';

/** A child's deletion as stored: its owner fields only (its type and its parent), which the feeds need. */
export function childTombstone(link: Pick<ChildLink, 'docType' | 'field'>, leaf: Dict): Dict {
  const tombstone: Dict = { _id: leaf._id, _deleted: true, type: typeof leaf.type === 'string' ? leaf.type : link.docType, [link.field]: leaf[link.field] };
  if (typeof leaf._rev === 'string') tombstone._rev = leaf._rev;
  return tombstone;
}

export function declareChildEntity<const Db extends string>(spec: ChildEntitySpec<Db>): ChildEntity<Db> {
  const { database, docType, field, parent } = spec;
  const byParent: MangoIndexDef = spec.byParent ?? mangoIndex(`${database}-${field}`, [field]);
  const docTypes: readonly [string, ...string[]] = [docType, ...(spec.byIdOnly ?? [])];
  const link: ChildLink = {
    database,
    docType,
    docTypes,
    parent: parent.database,
    field,
    byParent,
    ...(spec.deletedWith ? { deletedWith: spec.deletedWith } : {}),
    ...(spec.perParent ? { perParent: spec.perParent } : {}),
  };
  const whole = parent.sync.scope.wholeDatabase;
  const own = 'loadWritePolicy' in spec ? spec : undefined;
  const rules = 'loadSchema' in spec ? spec : undefined;
  return declareEntity({
    database,
    docTypes,
    names: spec.names,
    indexes: [byParent, ...(spec.indexes ?? [])],
    sync: {
      // What holds without reading the parents; the gateway narrows it for everyone else.
      scope: {
        selector: (user) => (whole(user) ? { type: docType } : null),
        inScope: (user, doc) => whole(user) && !!doc && docTypes.includes(doc.type as string),
        // A feed of only some of its types is never the whole database, even for who reads every parent.
        wholeDatabase: (user) => docTypes.length === 1 && whole(user),
      },
      childOf: link,
      tombstone: (leaf) => childTombstone(link, leaf),
      loadWritePolicy: own
        ? policyLoader(() => own.loadWritePolicy(link))
        : policyLoader(async () => {
            const [{ schemaWritePolicy }, schema] = await Promise.all([import('./schema-policy'), rules!.loadSchema()]);
            return childWritePolicy(link, parent.sync.mayEdit, rules!.refused, schemaWritePolicy(schema, rules!.invalid, field));
          }),
      device: { ...spec.device, pushed: true },
      ...(spec.attachments ? { attachments: true as const } : {}),
      ...(spec.pushBodyBytes ? { pushBodyBytes: spec.pushBodyBytes } : {}),
    },
  });
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The parent a write belongs to: the one held by the server's revisions when there are any. */
function parentIdOf(field: string, doc: Dict, { base, winner }: WriteState): string {
  return text(winner?.[field]) || text(base?.[field]) || text(doc[field]);
}

function childWritePolicy(link: ChildLink, mayEdit: ChildEntitySpec<string>['parent']['sync']['mayEdit'], refused: string, own: WritePolicy): WritePolicy {
  const { field, docType } = link;
  return {
    ...own,
    parentsNamed: { database: link.parent, ids: (doc, state) => [parentIdOf(field, doc, state)].filter((id) => id !== '') },
    decide(write, state, user, facts) {
      const { doc } = write;
      const parentId = parentIdOf(field, doc, state);
      if (doc._deleted !== true && text(doc[field]) !== parentId) return refusal(400, CHILD_MOVED);
      const parentDoc = facts.parents?.get(parentId);
      if (!parentId || !isLive(parentDoc) || !mayEdit(user, parentDoc)) return refusal(403, refused);
      if (doc._deleted === true) {
        const tombstone: Dict = { _id: doc._id, _deleted: true, type: docType, [field]: parentId };
        if (typeof doc._rev === 'string') tombstone._rev = doc._rev;
        if (doc._revisions) tombstone._revisions = doc._revisions;
        return { ok: true, doc: tombstone };
      }
      const decided = own.decide(write, state, user, facts);
      return decided.ok ? { ...decided, doc: { ...decided.doc, type: docType, [field]: parentId } } : decided;
    },
  };
}
