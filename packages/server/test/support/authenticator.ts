/**
 * A software passkey authenticator for the server's tests: real ES256 keys (node:crypto), the
 * WebAuthn structures a browser and a platform authenticator would send (attestation "none",
 * discoverable credentials), so the server's verification runs as it does for a real device.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

interface Held {
  readonly id: string;
  readonly rpId: string;
  readonly userHandle: string;
  readonly privateKey: KeyObject;
  counter: number;
}

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

export interface CreationOptions {
  readonly challenge: string;
  readonly rp: { readonly id?: string };
  readonly user: { readonly id: string };
}
export interface RequestOptions {
  readonly challenge: string;
  readonly rpId?: string;
}

export class SoftAuthenticator {
  readonly held: Held[] = [];

  /** navigator.credentials.create: a new key pair for the options' RP, answered as RegistrationResponseJSON. `origin`: the page's. */
  create(options: CreationOptions, origin: string): Record<string, unknown> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const idBytes = randomBytes(16);
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const held: Held = { id: b64(idBytes), rpId, userHandle: options.user.id, privateKey, counter: 0 };
    this.held.push(held);
    const cose = encodeCBOR(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialLength = Buffer.alloc(2);
    credentialLength.writeUInt16BE(idBytes.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.userPresent | FLAGS.userVerified | FLAGS.attested]),
      u32(0),
      Buffer.alloc(16),
      credentialLength,
      idBytes,
      cose,
    ]);
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, CBORType>()],
        ['authData', authData],
      ]),
    );
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    return {
      id: held.id,
      rawId: held.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(Buffer.from(clientData)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get with a discoverable credential: signs with `credential` (the first held by default), as AuthenticationResponseJSON. */
  get(options: RequestOptions, origin: string, credential: Held = this.held[0]): Record<string, unknown> {
    credential.counter++;
    const rpId = options.rpId ?? credential.rpId;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAGS.userPresent | FLAGS.userVerified]),
      u32(credential.counter),
    ]);
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
