import { readFileSync } from 'node:fs';
import * as pkcs11js from 'pkcs11js';

/** Where the token is and which key seals the seed (libs/config `SIGNING_PKCS11_*`). */
export interface TokenConfig {
  module: string;
  tokenLabel: string;
  pinFile: string;
  keyLabel: string;
}

/** Why the keys cannot be used: readiness names it, signing answers 503 and logs it. */
export type KeyStoreProblem =
  | 'module_unavailable'
  | 'token_not_found'
  | 'pin_file_unreadable'
  | 'pin_incorrect'
  | 'key_missing'
  | 'token_error'
  /** No sealed seed in the database yet: the key ceremony (init or restore) has not run. */
  | 'seed_missing'
  /** Production holds one of the public test seeds (Hardhat's, a BIP-39 test vector). */
  | 'test_seed';

export class KeyStoreUnavailable extends Error {
  constructor(
    readonly problem: KeyStoreProblem,
    message: string,
  ) {
    super(`${problem}: ${message}`);
    this.name = 'KeyStoreUnavailable';
  }
}

/** An AES-GCM ciphertext with its 96-bit IV (the 128-bit tag ends the ciphertext). */
export interface Sealed {
  iv: Buffer;
  ciphertext: Buffer;
}

const GCM_TAG_BYTES = 16;
/** Results that mean the session is gone (token removed, logged out): open a new one next time. */
const SESSION_LOST = new Set([
  pkcs11js.CKR_DEVICE_REMOVED,
  pkcs11js.CKR_DEVICE_ERROR,
  pkcs11js.CKR_TOKEN_NOT_PRESENT,
  pkcs11js.CKR_SESSION_CLOSED,
  pkcs11js.CKR_SESSION_HANDLE_INVALID,
  pkcs11js.CKR_USER_NOT_LOGGED_IN,
  pkcs11js.CKR_KEY_HANDLE_INVALID,
  pkcs11js.CKR_OBJECT_HANDLE_INVALID,
  pkcs11js.CKR_CRYPTOKI_NOT_INITIALIZED,
]);

/**
 * One loaded module per path, initialized once per process (PKCS#11 allows one C_Initialize) and
 * finalized when its last user closes.
 */
const modules = new Map<string, { lib: pkcs11js.PKCS11; users: number }>();

function acquire(path: string): pkcs11js.PKCS11 {
  const held = modules.get(path);
  if (held) {
    held.users += 1;
    return held.lib;
  }
  const lib = new pkcs11js.PKCS11();
  try {
    lib.load(path);
    lib.C_Initialize();
  } catch (error) {
    if (!(
      error instanceof pkcs11js.Pkcs11Error &&
      error.code === pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED
    ))
      throw new KeyStoreUnavailable(
        'module_unavailable',
        `cannot load ${path}: ${messageOf(error)}`,
      );
  }
  modules.set(path, { lib, users: 1 });
  return lib;
}

function release(path: string): void {
  const held = modules.get(path);
  if (!held) return;
  held.users -= 1;
  if (held.users > 0) return;
  modules.delete(path);
  try {
    held.lib.C_Finalize();
    held.lib.close();
  } catch {
    // Already finalized: nothing is left to release.
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

function codeOf(error: unknown): number | undefined {
  return error instanceof pkcs11js.Pkcs11Error ? error.code : undefined;
}

/**
 * The signing service's PKCS#11 token: a logged-in session, the AES-256 keys that seal the master
 * seed (generated inside it: never extractable, always sensitive), and its random generator. Any
 * failure is a `KeyStoreUnavailable`; a lost session is reopened at the next call.
 */
export class Pkcs11Token {
  private lib: pkcs11js.PKCS11 | undefined;
  private session: Buffer | undefined;

  constructor(private readonly config: TokenConfig) {}

  /** Opens (or reuses) the logged-in session; throws why it cannot. */
  open(): { lib: pkcs11js.PKCS11; session: Buffer } {
    if (this.lib && this.session) return { lib: this.lib, session: this.session };
    this.lib ??= acquire(this.config.module);
    const lib = this.lib;
    let slot: Buffer | undefined;
    try {
      slot = lib
        .C_GetSlotList(true)
        .find((s) => lib.C_GetTokenInfo(s).label.trim() === this.config.tokenLabel);
    } catch (error) {
      throw new KeyStoreUnavailable('token_error', messageOf(error));
    }
    if (!slot)
      throw new KeyStoreUnavailable(
        'token_not_found',
        `no token labelled ${this.config.tokenLabel}`,
      );
    let pin: string;
    try {
      pin = readFileSync(this.config.pinFile, 'utf8').trim();
    } catch (error) {
      throw new KeyStoreUnavailable('pin_file_unreadable', messageOf(error));
    }
    let session: Buffer;
    try {
      session = lib.C_OpenSession(slot, pkcs11js.CKF_RW_SESSION | pkcs11js.CKF_SERIAL_SESSION);
    } catch (error) {
      throw new KeyStoreUnavailable('token_error', messageOf(error));
    }
    try {
      lib.C_Login(session, pkcs11js.CKU_USER, pin);
    } catch (error) {
      if (codeOf(error) !== pkcs11js.CKR_USER_ALREADY_LOGGED_IN) {
        lib.C_CloseSession(session);
        if (
          codeOf(error) === pkcs11js.CKR_PIN_INCORRECT ||
          codeOf(error) === pkcs11js.CKR_PIN_LOCKED
        )
          throw new KeyStoreUnavailable('pin_incorrect', 'the token refused the PIN');
        throw new KeyStoreUnavailable('token_error', messageOf(error));
      }
    }
    this.session = session;
    return { lib, session };
  }

  /** Runs `use` on the session, mapping PKCS#11 failures and dropping a lost session. */
  private run<T>(use: (lib: pkcs11js.PKCS11, session: Buffer) => T): T {
    const { lib, session } = this.open();
    try {
      return use(lib, session);
    } catch (error) {
      if (error instanceof KeyStoreUnavailable) throw error;
      const code = codeOf(error);
      if (code !== undefined && SESSION_LOST.has(code)) this.forgetSession();
      if (code === pkcs11js.CKR_KEY_HANDLE_INVALID || code === pkcs11js.CKR_OBJECT_HANDLE_INVALID)
        throw new KeyStoreUnavailable('key_missing', messageOf(error));
      throw new KeyStoreUnavailable('token_error', messageOf(error));
    }
  }

  private forgetSession(): void {
    const session = this.session;
    this.session = undefined;
    if (!session || !this.lib) return;
    try {
      this.lib.C_CloseSession(session);
    } catch {
      // The session is gone already.
    }
  }

  /** The seal key `keyId` (the label of the config with that CKA_ID). */
  private findKey(lib: pkcs11js.PKCS11, session: Buffer, keyId: Buffer | undefined): Buffer[] {
    lib.C_FindObjectsInit(session, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
      { type: pkcs11js.CKA_LABEL, value: this.config.keyLabel },
      ...(keyId ? [{ type: pkcs11js.CKA_ID, value: keyId }] : []),
    ]);
    try {
      return lib.C_FindObjects(session, 16);
    } finally {
      lib.C_FindObjectsFinal(session);
    }
  }

  private key(lib: pkcs11js.PKCS11, session: Buffer, keyId: Buffer): Buffer {
    const [handle] = this.findKey(lib, session, keyId);
    if (!handle)
      throw new KeyStoreUnavailable(
        'key_missing',
        `no key ${this.config.keyLabel} with id ${keyId.toString('hex')} on the token`,
      );
    return handle;
  }

  /** Throws unless the token holds the seal key `keyId`. */
  checkKey(keyId: Buffer): void {
    this.run((lib, session) => this.key(lib, session, keyId));
  }

  /** Whether any key of the configured label is on the token (a restore wants none). */
  hasKeys(): boolean {
    return this.run((lib, session) => this.findKey(lib, session, undefined).length > 0);
  }

  /** `length` bytes from the token's random generator. */
  random(length: number): Buffer {
    return this.run((lib, session) => lib.C_GenerateRandom(session, Buffer.alloc(length)));
  }

  /**
   * A new AES-256 seal key generated inside the token: persistent, private, sensitive and never
   * extractable (no C_WrapKey, no CKA_VALUE), used only to encrypt and decrypt. Returns its id.
   */
  generateKey(): Buffer {
    return this.run((lib, session) => {
      const id = lib.C_GenerateRandom(session, Buffer.alloc(16));
      lib.C_GenerateKey(session, { mechanism: pkcs11js.CKM_AES_KEY_GEN }, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
        { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
        { type: pkcs11js.CKA_VALUE_LEN, value: 32 },
        { type: pkcs11js.CKA_TOKEN, value: true },
        { type: pkcs11js.CKA_PRIVATE, value: true },
        { type: pkcs11js.CKA_SENSITIVE, value: true },
        { type: pkcs11js.CKA_EXTRACTABLE, value: false },
        { type: pkcs11js.CKA_ENCRYPT, value: true },
        { type: pkcs11js.CKA_DECRYPT, value: true },
        { type: pkcs11js.CKA_WRAP, value: false },
        { type: pkcs11js.CKA_UNWRAP, value: false },
        { type: pkcs11js.CKA_LABEL, value: this.config.keyLabel },
        { type: pkcs11js.CKA_ID, value: id },
      ]);
      return id;
    });
  }

  /** Destroys the seal key `keyId` (after a rotation re-encrypted the seed). */
  destroyKey(keyId: Buffer): void {
    this.run((lib, session) => lib.C_DestroyObject(session, this.key(lib, session, keyId)));
  }

  /** AES-256-GCM inside the token with the seal key `keyId`; `aad` is bound, not encrypted. */
  encrypt(keyId: Buffer, plaintext: Uint8Array, aad: Buffer): Sealed {
    return this.run((lib, session) => {
      const handle = this.key(lib, session, keyId);
      const iv = lib.C_GenerateRandom(session, Buffer.alloc(12));
      lib.C_EncryptInit(session, gcm(iv, aad), handle);
      const out = Buffer.alloc(plaintext.length + GCM_TAG_BYTES);
      const ciphertext = lib.C_Encrypt(session, Buffer.from(plaintext), out);
      return { iv, ciphertext: Buffer.from(ciphertext) };
    });
  }

  /**
   * Decrypts into a fresh buffer the caller zero-fills. A ciphertext or `aad` that was altered
   * fails the tag: `token_error`, never a wrong seed.
   */
  decrypt(keyId: Buffer, sealed: Sealed, aad: Buffer): Uint8Array {
    return this.run((lib, session) => {
      const handle = this.key(lib, session, keyId);
      lib.C_DecryptInit(session, gcm(sealed.iv, aad), handle);
      const out = Buffer.alloc(sealed.ciphertext.length);
      try {
        const plain = lib.C_Decrypt(session, sealed.ciphertext, out);
        const seed = new Uint8Array(plain.length);
        seed.set(plain);
        return seed;
      } finally {
        out.fill(0);
      }
    });
  }

  /** The values of the token's data objects labelled `label` (private: read after the login). */
  readData(label: string): Buffer[] {
    return this.run((lib, session) =>
      this.findData(lib, session, label).map((handle) => {
        const [value] = lib.C_GetAttributeValue(session, handle, [{ type: pkcs11js.CKA_VALUE }]);
        return Buffer.from(value?.value ?? Buffer.alloc(0));
      }),
    );
  }

  /**
   * A new data object `label` holding `value` (persistent, private), then every other one of that
   * label removed: a crash between the two leaves both, never neither.
   */
  replaceData(label: string, value: Buffer): void {
    this.run((lib, session) => {
      const before = this.findData(lib, session, label);
      lib.C_CreateObject(session, [
        { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_DATA },
        { type: pkcs11js.CKA_TOKEN, value: true },
        { type: pkcs11js.CKA_PRIVATE, value: true },
        { type: pkcs11js.CKA_MODIFIABLE, value: false },
        { type: pkcs11js.CKA_APPLICATION, value: 'custody' },
        { type: pkcs11js.CKA_LABEL, value: label },
        { type: pkcs11js.CKA_VALUE, value },
      ]);
      for (const handle of before) lib.C_DestroyObject(session, handle);
    });
  }

  private findData(lib: pkcs11js.PKCS11, session: Buffer, label: string): Buffer[] {
    lib.C_FindObjectsInit(session, [
      { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_DATA },
      { type: pkcs11js.CKA_LABEL, value: label },
    ]);
    try {
      return lib.C_FindObjects(session, 16);
    } finally {
      lib.C_FindObjectsFinal(session);
    }
  }

  /**
   * Closes the session (the token logs the process out with its last session) and releases the
   * module, finalized once no token of this process uses it.
   */
  close(): void {
    this.forgetSession();
    if (this.lib) release(this.config.module);
    this.lib = undefined;
  }
}

function gcm(iv: Buffer, aad: Buffer): pkcs11js.Mechanism {
  const parameter: pkcs11js.GcmParams = {
    type: pkcs11js.CK_PARAMS_AES_GCM,
    iv,
    ivBits: 96,
    aad,
    tagBits: 128,
  };
  return { mechanism: pkcs11js.CKM_AES_GCM, parameter };
}
