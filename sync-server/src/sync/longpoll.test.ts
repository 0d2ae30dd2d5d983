import { beforeAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { gatewayForFile } from '../testing/per-file';
import { openUpstreamChanges } from './changes';
import { editBehind, eventually, localDb, remoteDb, seed, signedIn, type Person } from '../testing/pouch-client';

/** Live feeds: heartbeats while waiting, prompt answers, and nothing left behind when a client goes. */
const gw = gatewayForFile();
let supervisor: Person, agente: Person;
const cap = (id: string, asesorId: string) => ({ ...sampleCaptacion({ captacion: { asesor: asesorId } }), _id: id });

beforeAll(async () => {
  supervisor = await signedIn(gw, 'supervisor');
  agente = await signedIn(gw, 'user');
  // The supervisor's own captaciones, on their device (issue 34) once the list's directory follows the store.
  await seed(gw.store, 'captaciones', [cap('propia-lp', supervisor.id), cap('en-vivo-sup', supervisor.id)]);
  await gw.gateway.caughtUp();
});


async function lastSeq(p: Person): Promise<string> {
  return (await p.client.json('GET', '/db/captaciones/_changes?since=now')).body.last_seq;
}

describe('longpoll _changes', () => {
  it('writes newline heartbeats while waiting, then the change in scope', async () => {
    const since = await lastSeq(supervisor);
    const started = Date.now();
    const res = await supervisor.client.fetch(`/db/captaciones/_changes?feed=longpoll&heartbeat=1000&include_docs=true&since=${since}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    // A foreign change does not wake the supervisor's feed; a change of their own does.
    await seed(gw.store, 'captaciones', [cap('ajena-lp', agente.id)]);
    await new Promise((r) => setTimeout(r, 150));
    await editBehind(gw, 'captaciones', 'propia-lp');
    let text = new TextDecoder().decode(first.value);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const body = JSON.parse(text);
    expect(body.results.map((r: { id: string }) => r.id)).toEqual(['propia-lp']);
    expect(body.results[0].doc.captacion.asesor).toBe(supervisor.id);
    expect(typeof body.last_seq).toBe('string');
  });

  it('answers with no results when the timeout passes', async () => {
    const since = await lastSeq(supervisor);
    const started = Date.now();
    const r = await supervisor.client.json('GET', `/db/captaciones/_changes?feed=longpoll&timeout=300&since=${since}`);
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([]);
    expect(r.body.last_seq).toBe(since);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('a client that disconnects mid-longpoll frees the upstream feed', async () => {
    expect(openUpstreamChanges()).toBe(0);
    const since = await lastSeq(agente);
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const pending = controllers.map((c) =>
      fetch(`${gw.url}/db/captaciones/_changes?feed=longpoll&heartbeat=1000&since=${since}`, { headers: { cookie: agente.cookie }, signal: c.signal })
        .then((r) => r.text())
        .catch(() => 'abortado'),
    );
    await eventually(() => openUpstreamChanges() === 3, 'tres feeds abiertos');
    for (const c of controllers) c.abort();
    expect(await Promise.all(pending)).toEqual(['abortado', 'abortado', 'abortado']);
    await eventually(() => openUpstreamChanges() === 0, 'los feeds se liberan', 3000);
    // And the gateway keeps serving.
    expect((await agente.client.json('GET', '/db/captaciones')).status).toBe(200);
  });

  it('a live PouchDB replication receives one change within moments', async () => {
    const local = localDb();
    const rep = local.replicate.from(remoteDb(gw.url, 'captaciones', supervisor.cookie), { live: true, retry: true });
    try {
      await new Promise((resolve) => rep.once('paused', resolve));
      const before = (await local.get('en-vivo-sup'))._rev;
      const t0 = Date.now();
      await editBehind(gw, 'captaciones', 'en-vivo-sup');
      await eventually(async () => (await local.get('en-vivo-sup'))._rev !== before, 'el cambio llega', 5000);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      rep.cancel();
    }
    await eventually(() => openUpstreamChanges() === 0, 'la réplica cancelada libera su feed', 3000);
  });
});
