/**
 * 'Desbloquear' (docs/architecture.md, "Datos cifrados en el dispositivo"): the person's data is on
 * this device, sealed, and their key is not in memory (a reload offline, the idle lock). The
 * password is checked here, against the wrapped key, with or without a connection; wrong tries
 * are counted across reloads (lib/vault/vault.ts), and the last one wipes the device's data. Past
 * the operator's grace period without reaching the gateway it only says so and leads to an online
 * sign-in: no password opens the data offline then.
 */
import { Button, Classes, FormGroup, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent, type JSX } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { limitsOf, offlineState } from '../../lib/vault/offline-limits';
import { tryState } from '../../lib/vault/vault';
import { readVault } from '../../lib/vault/vault-store';
import { LAST_TRY_WARNING, OFFLINE_SIGN_IN, offlineTooLongText, UNLOCK_EMPTY, UNLOCK_INTRO, UNLOCK_OTHER_ACCOUNT, UNLOCK_SUBMIT, UNLOCK_TITLE, waitText, wrongText } from './unlock-texts';
import { SignInAlert, SignInFrame } from './SignInFrame';

export default function UnlockPage(): JSX.Element {
  const { user, unlock } = useSession();
  const navigate = useNavigate();
  const userId = user?.id ?? '';
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tries, setTries] = useState(() => ({ ...tryState(userId), at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  const [tooLong, setTooLong] = useState(() => offlineState(userId) !== 'open');
  const field = useRef<HTMLInputElement>(null);
  const waitLeft = Math.max(0, tries.waitMs - (now - tries.at));
  const waiting = waitLeft > 0;

  // The wait counts down on screen; the vault checks it again at the try.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [waiting]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || waiting) return;
    if (!password) {
      setError(UNLOCK_EMPTY);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await unlock(password);
      if (result.ok || result.reason === 'wipe' || result.reason === 'missing') return;
      if (result.reason === 'offline') {
        setPassword('');
        setTooLong(true);
        return;
      }
      setPassword('');
      const at = Date.now();
      setNow(at);
      setTries({ left: result.left, waitMs: result.waitMs, at });
      setError(result.reason === 'wrong' ? wrongText(result.left) : null);
    } finally {
      setBusy(false);
    }
    // The next try starts where the keyboard is: in the password field.
    field.current?.focus();
  };

  if (tooLong) {
    return (
      <SignInFrame title={UNLOCK_TITLE}>
        <OfflineTooLong userId={userId} onSignIn={() => navigate(paths.signIn)} />
      </SignInFrame>
    );
  }
  return (
    <SignInFrame title={UNLOCK_TITLE}>
      <p className={Classes.TEXT_MUTED}>{UNLOCK_INTRO}</p>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={UNLOCK_TITLE}>
        {error && <SignInAlert intent="danger" icon="error" text={error} />}
        {waiting && <SignInAlert intent="warning" icon="warning-sign" text={waitText(waitLeft)} polite />}
        {tries.left === 1 && <SignInAlert intent="danger" icon="warning-sign" text={LAST_TRY_WARNING} testId="unlock-last-try" />}
        <FormGroup label="Contraseña" labelFor="unlock-password">
          <InputGroup
            id="unlock-password"
            name="password"
            type="password"
            size="large"
            leftIcon="lock"
            autoComplete="current-password"
            autoFocus
            inputRef={field}
            value={password}
            readOnly={busy}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormGroup>
        <Button type="submit" intent="primary" size="large" fill loading={busy} disabled={waiting}>
          {UNLOCK_SUBMIT}
        </Button>
      </form>
      <Button className="signin__other" variant="minimal" fill icon="log-in" onClick={() => navigate(paths.signIn)}>
        {UNLOCK_OTHER_ACCOUNT}
      </Button>
    </SignInFrame>
  );
}

/** Too long without reaching the gateway: what happened, what comes at the wipe limit, and the way out. */
function OfflineTooLong({ userId, onSignIn }: { userId: string; onSignIn: () => void }): JSX.Element {
  const { graceDays, wipeDays } = limitsOf(readVault(userId));
  return (
    <>
      <SignInAlert intent="warning" icon="warning-sign" text={offlineTooLongText(graceDays, wipeDays)} testId="unlock-offline-too-long" />
      <Button intent="primary" size="large" fill icon="log-in" autoFocus onClick={onSignIn}>
        {OFFLINE_SIGN_IN}
      </Button>
    </>
  );
}
