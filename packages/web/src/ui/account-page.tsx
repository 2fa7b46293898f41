/**
 * `#/account` (and `#/account/CODE`, a device code's link): who this browser is, and what it
 * can do about it. A guest signs up (a name and a passkey), signs in with a passkey it has, or
 * adds this device to a member by a code; a member gives another device a code (and its QR),
 * renames, exports its games, signs out here or everywhere, or deletes the account.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import {
  type Account,
  ApiError,
  type DeviceCode,
  addThisDevice,
  currentAccount,
  deleteAccount,
  deviceCode,
  rename,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
} from '../state/account-api.js';
import './account-page.css';
import { identity, identityChanged } from '../state/identity.js';

export interface AccountPageProps {
  readonly t: Strings;
  readonly lang: 'en' | 'ja';
  /** A device code from the link (`#/account/CODE`), to add this device with. */
  readonly code?: string;
}

/** What went wrong, in the page's language where the server's code is a known one. */
function problem(t: Strings, e: unknown): string {
  if (e instanceof ApiError) return t.accountErrors[e.code as keyof Strings['accountErrors']] ?? e.message;
  // The browser's own refusals: the person closed the passkey prompt, or it timed out.
  if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError'))
    return t.accountErrors.cancelled;
  return e instanceof Error ? e.message : String(e);
}

export function AccountPage(props: AccountPageProps): JSX.Element {
  const { t } = props;
  /** undefined: still asking the server; null: signed out (nobody). */
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    // After the page's own identity settles: asked at once, a first visit would make two guests.
    identity()
      .then(currentAccount)
      .then(setAccount, (e: unknown) => setError(problem(t, e)));
  }, []);

  /** Runs one request, showing that it is under way and what it says. */
  const run = async (work: () => Promise<Account | null | void>, done?: string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const after = await work();
      if (after !== undefined) {
        setAccount(after);
        // The header and the lobby show who this browser is now, without a reload.
        identityChanged(after);
      }
      if (done) setNotice(done);
    } catch (e) {
      setError(problem(t, e));
    } finally {
      setBusy(false);
    }
  };
  const act: Act = (work, done) => () => void run(work, done);

  return (
    <section class="account panel" aria-labelledby="account-title" aria-busy={busy}>
      <h1 id="account-title">{t.accountTitle}</h1>
      {account === undefined && !error ? <p role="status">{t.accountLoading}</p> : null}
      {account === null ? <p class="account-who">{t.accountSignedOut}</p> : null}
      {account ? (
        <p class="account-who">
          {account.guest ? t.accountGuest : t.accountMember}{' '}
          <strong data-testid="account-name">{account.name}</strong>
        </p>
      ) : null}
      <p class="account-links">
        <a href="#/player">{account && !account.guest ? t.ratings.viewProfile : t.ratings.guestTitle}</a>
        {' · '}
        <a href="#/leaderboard">{t.ratings.nav}</a>
      </p>
      {error ? (
        <p class="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p class="account-notice" role="status">
          {notice}
        </p>
      ) : null}
      {account === null ? <SignedOut t={t} busy={busy} act={act} /> : null}
      {account?.guest ? <GuestForms t={t} busy={busy} act={act} code={props.code} /> : null}
      {account && !account.guest ? (
        <MemberForms t={t} busy={busy} act={act} account={account} lang={props.lang} />
      ) : null}
    </section>
  );
}

/** A handler that runs one request (and shows its outcome). */
type Act = (work: () => Promise<Account | null | void>, done?: string) => () => void;

interface FormsProps {
  readonly t: Strings;
  readonly busy: boolean;
  readonly act: Act;
}

function SignedOut({ t, busy, act }: FormsProps): JSX.Element {
  return (
    <div class="account-actions">
      <button type="button" class="btn primary" disabled={busy} onClick={act(signIn)}>
        {t.accountSignIn}
      </button>
      <button type="button" class="btn" disabled={busy} onClick={act(currentAccount)}>
        {t.accountPlayAsGuest}
      </button>
    </div>
  );
}

function GuestForms({ t, busy, act, code: linked }: FormsProps & { readonly code?: string }): JSX.Element {
  const [name, setName] = useState('');
  const [code, setCode] = useState(linked ?? '');
  return (
    <>
      <form
        class="account-block"
        onSubmit={(e) => {
          e.preventDefault();
          act(() => signUp(name.trim()))();
        }}
      >
        <h2>{t.accountSignUpTitle}</h2>
        <p>{t.accountSignUpHelp}</p>
        <label class="account-field">
          <span>{t.accountName}</span>
          <input
            value={name}
            maxLength={20}
            autoComplete="nickname"
            required
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
        </label>
        <p class="account-hint">{t.accountNameRules}</p>
        <button type="submit" class="btn primary" disabled={busy || name.trim() === ''}>
          {t.accountSignUp}
        </button>
      </form>
      <div class="account-block">
        <h2>{t.accountSignInTitle}</h2>
        <p>{t.accountSignInHelp}</p>
        <button type="button" class="btn" disabled={busy} onClick={act(signIn)}>
          {t.accountSignIn}
        </button>
      </div>
      <form
        class="account-block"
        onSubmit={(e) => {
          e.preventDefault();
          act(() => addThisDevice(code))();
        }}
      >
        <h2>{t.accountAddThisTitle}</h2>
        <p>{t.accountAddThisHelp}</p>
        <label class="account-field">
          <span>{t.accountCode}</span>
          <input
            value={code}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellcheck={false}
            required
            onInput={(e) => setCode((e.target as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" class="btn" disabled={busy || code.trim() === ''}>
          {t.accountAddThis}
        </button>
      </form>
    </>
  );
}

function MemberForms({
  t,
  busy,
  act,
  account,
  lang,
}: FormsProps & { readonly account: Account; readonly lang: 'en' | 'ja' }): JSX.Element {
  const [code, setCode] = useState<DeviceCode | null>(null);
  const [newName, setNewName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const time = (ms: number) =>
    new Date(ms).toLocaleTimeString(lang === 'ja' ? 'ja-JP' : 'en-GB', {
      hour: '2-digit',
      minute: '2-digit',
    });
  return (
    <>
      <div class="account-block">
        <h2>{t.accountDeviceTitle}</h2>
        <p>{t.accountDeviceHelp}</p>
        <button
          type="button"
          class="btn primary"
          disabled={busy}
          onClick={act(async () => {
            setCode(await deviceCode());
          })}
        >
          {t.accountDeviceCode}
        </button>
        {code ? (
          <div class="account-code">
            <p>
              {t.accountCodeIs} <strong data-testid="device-code">{code.code}</strong>
            </p>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.qr)}`}
              alt={t.accountQrAlt}
              width={180}
              height={180}
            />
            <p class="account-hint">{t.accountCodeUntil(time(code.expiresAt))}</p>
          </div>
        ) : null}
      </div>
      <form
        class="account-block"
        onSubmit={(e) => {
          e.preventDefault();
          act(() => rename(newName.trim()), t.accountRenamed)();
        }}
      >
        <h2>{t.accountRenameTitle}</h2>
        <label class="account-field">
          <span>{t.accountNewName}</span>
          <input
            value={newName}
            maxLength={20}
            placeholder={account.name}
            onInput={(e) => setNewName((e.target as HTMLInputElement).value)}
          />
        </label>
        <p class="account-hint">{t.accountNameRules}</p>
        <button type="submit" class="btn" disabled={busy || newName.trim() === ''}>
          {t.accountRename}
        </button>
      </form>
      <div class="account-block">
        <h2>{t.accountGamesTitle}</h2>
        <a class="btn" href="api/account/export" download="hanafuda-games.json">
          {t.accountExport}
        </a>
      </div>
      <div class="account-block account-actions">
        <h2>{t.accountSignOutTitle}</h2>
        <button type="button" class="btn" disabled={busy} onClick={act(signOut)}>
          {t.accountSignOut}
        </button>
        <button type="button" class="btn" disabled={busy} onClick={act(signOutEverywhere)}>
          {t.accountSignOutEverywhere}
        </button>
      </div>
      <div class="account-block account-danger">
        <h2>{t.accountDeleteTitle}</h2>
        <p>{t.accountDeleteHelp}</p>
        {confirming ? (
          <div class="account-actions" role="group" aria-label={t.accountDeleteTitle}>
            <p>{t.accountDeleteSure(account.name)}</p>
            <button
              type="button"
              class="btn primary"
              disabled={busy}
              onClick={act(deleteAccount, t.accountDeleted)}
            >
              {t.accountDeleteForGood}
            </button>
            <button type="button" class="btn" disabled={busy} onClick={() => setConfirming(false)}>
              {t.cancel}
            </button>
          </div>
        ) : (
          <button type="button" class="btn" disabled={busy} onClick={() => setConfirming(true)}>
            {t.accountDelete}
          </button>
        )}
      </div>
    </>
  );
}
