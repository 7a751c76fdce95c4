import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for API tests: it makes an ES256 (P-256) credential and
 * answers registration and sign-in options the way a browser with a security key would (attestation
 * `none`), so the server's real verification (@simplewebauthn/server) runs on real signatures.
 * Written from the WebAuthn Level 2 spec (authenticator data, attestation object, assertion
 * signature over authenticatorData ‖ SHA-256(clientDataJSON)); nothing of the server's code is used.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The few CBOR items an attestation object needs (RFC 8949): unsigned/negative ints, bytes, text, maps. */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const head = Buffer.alloc(3);
  head[0] = (major << 5) | 25;
  head.writeUInt16BE(length, 1);
  return head;
}
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

export interface CreationOptions { challenge: string; rp: { id?: string } }
export interface RequestOptions { challenge: string; rpId?: string }

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter; tests may set it back to play a cloned authenticator. */
  counter = 0;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authenticatorData(rpId: string, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]);
    if (!attested) return Buffer.concat([sha256(rpId), flags, counter]);
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([sha256(rpId), flags, counter, Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (overrides craft wrong answers). */
  register(options: CreationOptions, override: { challenge?: string; origin?: string; rpId?: string } = {}) {
    const rpId = override.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const clientDataJSON = this.clientData('webauthn.create', override.challenge ?? options.challenge, override.origin ?? this.origin);
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', this.authenticatorData(rpId, true)]]));
    return {
      id: this.id,
      rawId: this.id,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['usb' as const] },
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }

  /** The browser's answer to sign-in options: the counter moves on, the signature covers the challenge. */
  signIn(options: RequestOptions, override: { challenge?: string; origin?: string; rpId?: string; keepCounter?: boolean } = {}) {
    if (!override.keepCounter) this.counter += 1;
    const rpId = override.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const authenticatorData = this.authenticatorData(rpId, false);
    const clientDataJSON = this.clientData('webauthn.get', override.challenge ?? options.challenge, override.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
      clientExtensionResults: {},
      type: 'public-key' as const,
    };
  }
}
